import { useState } from 'react';
import { ActionMessage } from '@/components/ActionMessage';
import { plural, t } from '@/lib/i18n';
import { canResume, remainingCount } from '@/lib/user-groups/bulk-job';
import type { BulkJob } from '@/lib/storage/bulk-job/bulk-job-schema';
import { useActiveWorkspace } from '../../shared/use-active-workspace';
import { describeGroup } from './describe-group';
import {
  cancelJob,
  downloadUnsentRows,
  jobKindText,
  resumeJob,
  retryFailed,
  type JobActionResult,
} from './job-actions';
import { messageText } from '@/lib/message-ref';

const SHOWN = 500;

function describeState(job: BulkJob): string {
  const notSent = remainingCount(job);
  switch (job.status) {
    case 'running':
      if (job.rateLimitedUntil !== undefined) {
        return t('bulkRateLimited', new Date(job.rateLimitedUntil).toLocaleTimeString());
      }
      return job.ratePerMinute === null ? t('bulkRunningUnthrottled') : t('bulkRunningAt', String(job.ratePerMinute));
    case 'paused':
      return t('bulkPaused', job.message ? messageText(job.message) : t('bulkPausedWaiting'));
    case 'cancelled':
      return notSent === 0 ? t('bulkCancelled') : plural('bulkCancelledRows', notSent);
    case 'done':
      return t('bulkDone');
  }
}

function counts(job: BulkJob): string {
  const succeeded = job.created + job.existed;
  if (job.operation === 'rotate') return t('jobProgressRotated', succeeded, job.total, job.failed.length);
  if (job.operation === 'delete') return t('jobProgressDeleted', succeeded, job.total, job.failed.length);
  return t('bulkProgressCounts', succeeded, job.total, job.failed.length);
}

const isRunning = (job: BulkJob) => job.status === 'running' || job.status === 'paused';

function heading(job: BulkJob): string {
  if (isRunning(job)) return job.operation === 'create' ? t('bulkInProgress') : jobKindText(job.operation);
  return job.operation === 'rotate'
    ? t('jobLastRotate')
    : job.operation === 'delete'
      ? t('jobLastDelete')
      : t('bulkLast');
}

/**
 * The stored job, as the background last wrote it: any options page shows the same. Its controls
 * (Cancel, Resume, Retry failed, Download unsent rows) report next to themselves, in a live region,
 * and a message goes when the next action starts.
 */
export function BulkCreateProgress({ job }: { job: BulkJob }) {
  const { id: workspaceId } = useActiveWorkspace();
  const [result, setResult] = useState<JobActionResult>();
  const [busy, setBusy] = useState(false);
  const processed = job.created + job.existed + job.failed.length;
  const active = isRunning(job);
  const unsent = remainingCount(job) + job.failed.length;

  const act = async (action: () => Promise<JobActionResult>) => {
    setResult(undefined);
    setBusy(true);
    setResult(await action());
    setBusy(false);
  };

  return (
    <div role="group" aria-labelledby="bulk-progress-heading" className="bulk-progress" id="job-progress" tabIndex={-1}>
      <h3 id="bulk-progress-heading">{heading(job)}</h3>
      <progress aria-label={t('bulkProgress')} max={Math.max(job.total, 1)} value={job.total === 0 ? 1 : processed} />
      <p aria-live="polite" className="bulk-counts">
        {counts(job)}
        {job.existed > 0 && ` ${plural('bulkProgressExisted', job.existed)}`}
        {job.skipped > 0 && plural('bulkProgressSkipped', job.skipped)}
      </p>
      <p className="hint">{describeState(job)}</p>
      <div className="actions">
        {active && (
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => void act(() => cancelJob(workspaceId))}
          >
            {t('bulkCancel')}
          </button>
        )}
        {canResume(job) && (
          <button type="button" disabled={busy} onClick={() => void act(() => resumeJob(workspaceId))}>
            {t('bulkResume')}
          </button>
        )}
        {!active && job.failed.length > 0 && (
          <button type="button" disabled={busy} onClick={() => void act(() => retryFailed(workspaceId, job))}>
            {t('jobRetryFailed')}
          </button>
        )}
        {!active && unsent > 0 && (
          <button type="button" disabled={busy} onClick={() => void act(() => downloadUnsentRows(workspaceId, job))}>
            {t('jobDownloadUnsent')}
          </button>
        )}
      </div>
      <ActionMessage result={result} />
      {job.failed.length > 0 && (
        <>
          <h4>{t('bulkFailedRows')}</h4>
          <ul aria-label={t('bulkFailedRows')} className="preview-list">
            {job.failed.slice(0, SHOWN).map((failure) => (
              <li key={`${failure.environment}:${failure.userGroupId}`}>
                {/* A selection job's rows have no file, so no line to name. */}
                {job.operation === 'create' && <strong>{t('bulkLine', String(failure.line))}</strong>}{' '}
                {t(
                  'bulkFailedRow',
                  describeGroup(failure.name, failure.environment, failure.userGroupId),
                  messageText(failure.message),
                )}
              </li>
            ))}
            {job.failed.length > SHOWN && (
              <li className="hint">{plural('optionsListMore', job.failed.length - SHOWN)}</li>
            )}
          </ul>
        </>
      )}
    </div>
  );
}
