import { plural, t } from '@/lib/i18n';
import { remainingCount } from '@/lib/jobs/job-queue';
import { messageText } from '@/lib/message-ref';
import { cancelBulkCreate, resumeBulkCreate } from '@/lib/messaging/messages/registry-transfer-messages';
import { isActive, type BulkJob } from '@/lib/storage/bulk-job/bulk-job-schema';
import { bulkCountsText } from '@/lib/user-groups/bulk/bulk-job-text';
import { CutList } from '../../shared/CutList';
import { JobScreen } from '../../shared/job/JobScreen';
import type { JobView } from '../../shared/job/job-view';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { describeGroup } from './describe-group';
import { downloadUnsentRows, retryFailed } from './job-actions';

const RUNNING = { create: 'jobKindCreate', rotate: 'jobKindRotate', delete: 'jobKindDelete' } as const;
const LAST = { create: 'bulkLast', rotate: 'jobLastRotate', delete: 'jobLastDelete' } as const;

/** The rows the service refused, with why; a create's with their line in the file. */
function FailedRows({ job }: { job: BulkJob }) {
  return (
    <CutList
      items={job.failed}
      itemKey={(failure) => `${failure.environment}:${failure.userGroupId}`}
      label={t('bulkFailedRows')}
      className="job-failures"
      render={(failure) => (
        <>
          {/* A selection job's rows have no file, so no line to name. */}
          {job.operation === 'create' && <strong>{t('bulkLine', String(failure.line))}</strong>}{' '}
          {t(
            'bulkFailedRow',
            describeGroup(failure.name, failure.environment, failure.userGroupId),
            messageText(failure.message),
          )}
        </>
      )}
    />
  );
}

/**
 * A user-group job on the job screen: a create from a file, or a rotate or delete of a selection (Rotate
 * due tokens is one). Download unsent rows once it has ended with rows not done; its failures are a list
 * under a disclosure, folded while it runs.
 */
function useGroupJobView(job: BulkJob): JobView {
  const { id: workspaceId } = useActiveWorkspace();
  const active = isActive(job);
  const unsent = remainingCount(job) + job.failed.length;
  const failed = job.failed.length;
  return {
    kind: 'bulk',
    heading: t((active ? RUNNING : LAST)[job.operation]),
    progressLabel: t('bulkProgress'),
    counts: job.skipped > 0 ? bulkCountsText(job) + plural('bulkProgressSkipped', job.skipped) : bulkCountsText(job),
    messages: { cancel: cancelBulkCreate, resume: resumeBulkCreate },
    retry: failed > 0 ? () => retryFailed(workspaceId, job) : undefined,
    more:
      !active && unsent > 0 ? [{ label: t('jobDownloadUnsent'), run: () => downloadUnsentRows(workspaceId, job) }] : [],
    results: failed > 0 ? { fold: plural('jobFailuresToggle', failed), content: <FailedRows job={job} /> } : undefined,
  };
}

/** The workspace's user-group job, in the job panel on every section (page/JobPanel.tsx). */
export function GroupJobProgress({ job, onClose }: { job: BulkJob; onClose?: () => void }) {
  return <JobScreen job={job} view={useGroupJobView(job)} headingLevel={2} onClose={onClose} />;
}
