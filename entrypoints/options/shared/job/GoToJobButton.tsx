import { t } from '@/lib/i18n';

/** The job panel (JobPanel.tsx) takes focus: a screen reader says its heading and where the job is. */
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
