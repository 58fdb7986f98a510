import { useState } from 'react';
import { t } from '@/lib/i18n';
import { doneCount } from '@/lib/jobs/job-queue';
import { sendMessage } from '@/lib/messaging/client';
import { cancelRegisterPages } from '@/lib/messaging/messages/register-pages-messages';
import { useBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { useRegisterPagesStore } from '@/lib/stores/register-pages-store';
import { isActive } from '@/lib/storage/jobs/job-progress-schema';
import { useActiveWorkspace } from '../shared/use-active-workspace';
import { cancelJob, jobKindText } from '../sections/groups/job-actions';
import { sectionHref } from '../navigation/hash-target';

/** After the link's navigation to a section: the job's progress, once that section has rendered it, in view. */
function showProgress(elementId: string, framesLeft = 20): void {
  requestAnimationFrame(() => {
    const progress = document.getElementById(elementId);
    if (progress) progress.scrollIntoView({ block: 'center' });
    else if (framesLeft > 0) showProgress(elementId, framesLeft - 1);
  });
}

interface JobLineProps {
  kind: string;
  done: number;
  total: number;
  paused: boolean;
  cancelLabel: string;
  viewLabel?: string;
  onCancel: () => Promise<unknown>;
  section: 'groups' | 'projects';
  progressId: string;
}

function JobLine({ kind, done, total, paused, cancelLabel, viewLabel, onCancel, section, progressId }: JobLineProps) {
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    await onCancel();
    setBusy(false);
  };
  return (
    <div role="group" aria-label={t('jobIndicatorLabel')} className="job-indicator">
      {/* Not a live region: the progress in the job's section announces; this line would speak every row. */}
      <span>
        {t('jobIndicator', kind, done, total)}
        {paused && ` ${t('jobIndicatorPaused')}`}
      </span>
      {' · '}
      <button type="button" className="link" aria-label={cancelLabel} disabled={busy} onClick={() => void cancel()}>
        {t('bulkCancel')}
      </button>
      {' · '}
      <a href={sectionHref(section)} aria-label={viewLabel} onClick={() => showProgress(progressId)}>
        {t('jobView')}
      </a>
    </div>
  );
}

/**
 * The shown workspace's running jobs, a line each, for the page header on every section:
 * "Creating groups: 12 of 60 · Cancel · View", "Registering pages: 3 of 42 · Cancel · View".
 * A user-group job and a register-pages job may run at the same time (different APIs). Nothing while none runs.
 */
export function JobIndicator() {
  const { id: workspaceId } = useActiveWorkspace();
  const groupJob = useBulkCreateStore((state) => state.job);
  const registerJob = useRegisterPagesStore((state) => state.job);
  if (!isActive(groupJob) && !isActive(registerJob)) return null;
  return (
    <>
      {isActive(groupJob) && (
        <JobLine
          kind={jobKindText(groupJob.operation)}
          done={groupJob.created + groupJob.existed + groupJob.failed.length}
          total={groupJob.total}
          paused={groupJob.status === 'paused'}
          cancelLabel={t('jobCancelLabel')}
          onCancel={() => cancelJob(workspaceId)}
          section="groups"
          progressId="job-progress"
        />
      )}
      {isActive(registerJob) && (
        <JobLine
          kind={t('jobKindRegister')}
          done={doneCount(registerJob)}
          total={registerJob.total}
          paused={registerJob.status === 'paused'}
          cancelLabel={t('jobCancelRegisterLabel')}
          viewLabel={t('jobViewRegisterLabel')}
          onCancel={() => sendMessage(cancelRegisterPages, { workspaceId })}
          section="projects"
          progressId="register-progress"
        />
      )}
    </>
  );
}
