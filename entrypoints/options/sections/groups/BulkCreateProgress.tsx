import { useState } from 'react';
import { ActionMessage } from '@/components/ActionMessage';
import { plural, t } from '@/lib/i18n';
import { canResume, remainingCount } from '@/lib/user-groups/bulk/bulk-job';
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

interface BulkCreateProgressProps {
  job: BulkJob;
  /** A finished job's panel can be closed (until the next job). */
  onClose?: () => void;
}

/**
 * The stored job, as the background last wrote it: any options page shows the same, in the job panel
 * (page/JobPanel.tsx). Its controls (Cancel job, Resume, Retry failed, Download unsent rows) report next
 * to themselves, in a live region, and a message goes when the next action starts. Its failures are a
 * list under a disclosure: folded while the job runs, open once it has ended.
 */
export function BulkCreateProgress({ job, onClose }: BulkCreateProgressProps) {
  const { id: workspaceId } = useActiveWorkspace();
  const [result, setResult] = useState<JobActionResult>();
  const [busy, setBusy] = useState(false);
  const [unfolded, setUnfolded] = useState<boolean>();
  const processed = job.created + job.existed + job.failed.length;
  const active = isRunning(job);
  const unsent = remainingCount(job) + job.failed.length;
  const failuresShown = job.failed.length > 0 && (unfolded ?? !active);

  const act = async (action: () => Promise<JobActionResult>) => {
    setResult(undefined);
    setBusy(true);
    setResult(await action());
    setBusy(false);
  };

  return (
    <div role="group" aria-labelledby="bulk-progress-heading" className="bulk-progress" id="job-progress">
      <div className="job-line">
        <h2 id="bulk-progress-heading">{heading(job)}</h2>
        <progress aria-label={t('bulkProgress')} max={Math.max(job.total, 1)} value={job.total === 0 ? 1 : processed} />
        <p className="bulk-counts">
          {counts(job)}
          {job.existed > 0 && ` ${plural('bulkProgressExisted', job.existed)}`}
          {job.skipped > 0 && plural('bulkProgressSkipped', job.skipped)}
        </p>
      </div>
      <p className="hint job-state">{describeState(job)}</p>
      {/* Said when the job's state changes (started, paused, ended), not at every row. */}
      <p className="visually-hidden" aria-live="polite">
        {active ? `${heading(job)}. ${describeState(job)}` : `${heading(job)}. ${describeState(job)} ${counts(job)}.`}
      </p>
      <div className="actions">
        {active && (
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => void act(() => cancelJob(workspaceId))}
          >
            {t('jobCancelLabel')}
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
        {job.failed.length > 0 && (
          <button
            type="button"
            className="link"
            aria-expanded={failuresShown}
            aria-controls="job-failures"
            onClick={() => setUnfolded(!failuresShown)}
          >
            {plural('jobFailuresToggle', job.failed.length)}
          </button>
        )}
        {onClose && (
          <button type="button" className="job-close" onClick={onClose}>
            {t('jobPanelClose')}
          </button>
        )}
      </div>
      <ActionMessage result={result} />
      {failuresShown && (
        <ul id="job-failures" aria-label={t('bulkFailedRows')} className="preview-list job-failures">
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
      )}
    </div>
  );
}
