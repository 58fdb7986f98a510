import { LiveActionMessage } from '@/components/ActionMessage';
import type { ActionResult } from '@/components/action-result';
import { t } from '@/lib/i18n';

/** The job panel (page/JobPanel.tsx) takes focus: a screen reader says its heading and where the job is. */
export function focusJobPanel(): void {
  document.getElementById('job-panel')?.focus();
}

/** In the message that started a job: leads to the job panel, pinned at the bottom of every section. */
export function GoToJobButton() {
  return (
    <button type="button" className="link" onClick={focusJobPanel}>
      {t('jobGoTo')}
    </button>
  );
}

/** The result of an action that may have started a job in the job panel. */
export type JobStartResult = ActionResult & { jobStarted?: boolean };

/** Its message, in a live region; one that started a job leads to the job panel (**Show the job**). */
export function JobStartMessage({ result }: { result: JobStartResult | undefined }) {
  return (
    <LiveActionMessage result={result}>
      {result?.jobStarted && (
        <>
          {' '}
          <GoToJobButton />
        </>
      )}
    </LiveActionMessage>
  );
}
