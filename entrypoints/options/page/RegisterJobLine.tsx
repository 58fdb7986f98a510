import { t } from '@/lib/i18n';
import { doneCount } from '@/lib/jobs/job-queue';
import type { RegisterJob } from '@/lib/storage/register-job/register-job-schema';
import { sectionHref } from '@/lib/url/section-routes';

/** After the link's navigation: the job's progress in Projects, once that section has rendered it, in view. */
function showProgress(framesLeft = 20): void {
  requestAnimationFrame(() => {
    const progress = document.getElementById('register-progress');
    if (progress) progress.scrollIntoView({ block: 'center' });
    else if (framesLeft > 0) showProgress(framesLeft - 1);
  });
}

/**
 * A running register-pages job in the job panel, on every section: "Registering pages: 3 of 42 ·
 * Show progress". Its controls and each page's outcome are in Projects (RegisterJobProgress.tsx).
 */
export function RegisterJobLine({ job }: { job: RegisterJob }) {
  const done = String(doneCount(job));
  const total = String(job.total);
  return (
    <div role="group" aria-label={t('jobIndicatorLabel')} className="job-line register-job-line">
      {/* Not a live region: the job screen in Projects says when the job starts, pauses and ends. */}
      <span>
        {job.status === 'paused' ? t('jobPanelRegisterPaused', done, total) : t('jobPanelRegister', done, total)}
      </span>
      <a href={sectionHref('projects')} onClick={() => showProgress()}>
        {t('jobPanelShowProgress')}
      </a>
    </div>
  );
}
