import { LiveActionMessage } from '@/components/ActionMessage';
import type { ActionResult } from '@/components/action-result';
import { stampOf } from '@/components/action-scope';
import { t } from '@/lib/i18n';
import type { JobProgress } from '@/lib/storage/jobs/job-progress-schema';

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

/**
 * A job-start message ("Rotating 6 due tokens in the background.") lasts while its job runs: once that
 * job has ended, its screen says how, and the message goes (issue 41). The store may still show the
 * job before (ended before the action that started this one): that one does not end the message.
 */
export function whileItsJobRuns<T extends JobStartResult>(
  result: T | undefined,
  job: JobProgress | null | undefined,
): T | undefined {
  // An ended job (done or cancelled) has its finishing time; a resumed one loses it again.
  if (!result?.jobStarted || job?.finishedAt === undefined) return result;
  return Date.parse(job.startedAt) >= stampOf(result).startedAt ? undefined : result;
}

/**
 * Its message, in a live region, while its job runs (`job`: the store's job of that kind); one that
 * started a job leads to the job panel (**Show the job**).
 */
export function JobStartMessage({ result, job }: { result: JobStartResult | undefined; job: JobProgress | null }) {
  const shown = whileItsJobRuns(result, job);
  return (
    <LiveActionMessage result={shown}>
      {shown?.jobStarted && (
        <>
          {' '}
          <GoToJobButton />
        </>
      )}
    </LiveActionMessage>
  );
}
