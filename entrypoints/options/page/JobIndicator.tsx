import { useState } from 'react';
import { t } from '@/lib/i18n';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { isActive } from '@/lib/storage/bulk-job/bulk-job-schema';
import { useActiveWorkspace } from '../shared/use-active-workspace';
import { cancelJob, jobKindText } from '../sections/groups/job-actions';
import { sectionHref } from '../navigation/hash-target';

/** After the link's navigation to #groups: the job's progress, once that section has rendered it, in view. */
function showProgress(framesLeft = 20): void {
  requestAnimationFrame(() => {
    const progress = document.getElementById('job-progress');
    if (progress) progress.scrollIntoView({ block: 'center' });
    else if (framesLeft > 0) showProgress(framesLeft - 1);
  });
}

/**
 * The shown workspace's running job in a line, for the page header on every section:
 * "Creating groups: 12 of 60 · Cancel · View". Nothing while no job runs.
 */
export function JobIndicator() {
  const { id: workspaceId } = useActiveWorkspace();
  const job = useBulkCreateStore((state) => state.job);
  const [busy, setBusy] = useState(false);
  if (!isActive(job)) return null;
  const done = job.created + job.existed + job.failed.length;

  const cancel = async () => {
    setBusy(true);
    await cancelJob(workspaceId);
    setBusy(false);
  };

  return (
    <div role="group" aria-label={t('jobIndicatorLabel')} className="job-indicator">
      {/* Not a live region: the progress in the Groups section announces; this line would speak every row. */}
      <span>
        {t('jobIndicator', jobKindText(job.operation), done, job.total)}
        {job.status === 'paused' && ` ${t('jobIndicatorPaused')}`}
      </span>
      {' · '}
      <button
        type="button"
        className="link"
        aria-label={t('jobCancelLabel')}
        disabled={busy}
        onClick={() => void cancel()}
      >
        {t('bulkCancel')}
      </button>
      {' · '}
      <a href={sectionHref('groups')} onClick={() => showProgress()}>
        {t('jobView')}
      </a>
    </div>
  );
}
