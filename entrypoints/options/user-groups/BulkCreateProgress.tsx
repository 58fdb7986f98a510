import { useState } from 'react';
import { Alert } from '@/components/Alert';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { cancelBulkCreate, resumeBulkCreate } from '@/lib/messaging/messages/registry-transfer-messages';
import { remainingCount } from '@/lib/user-groups/bulk-job';
import type { BulkJob } from '@/lib/user-groups/bulk-job-schema';
import { useActiveWorkspace } from '../workspaces/use-active-workspace';
import { describeGroup } from './describe-group';

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
      return t('bulkPaused', job.message ?? t('bulkPausedWaiting'));
    case 'cancelled':
      return notSent === 0 ? t('bulkCancelled') : notSent === 1 ? t('bulkCancelledOne') : t('bulkCancelledMany', notSent);
    case 'done':
      return t('bulkDone');
  }
}

/** The stored job, as the background last wrote it: any options page shows the same. */
export function BulkCreateProgress({ job }: { job: BulkJob }) {
  const { id: workspaceId } = useActiveWorkspace();
  const [error, setError] = useState<string>();
  const succeeded = job.created + job.existed;
  const processed = succeeded + job.failed.length;
  const active = job.status === 'running' || job.status === 'paused';

  const act = async (message: typeof cancelBulkCreate | typeof resumeBulkCreate) => {
    const result = await sendMessage(message, { workspaceId });
    setError(result.ok ? undefined : result.error.message);
  };

  return (
    <div role="group" aria-labelledby="bulk-progress-heading" className="bulk-progress">
      <h3 id="bulk-progress-heading">{active ? t('bulkInProgress') : t('bulkLast')}</h3>
      <progress aria-label={t('bulkProgress')} max={Math.max(job.total, 1)} value={job.total === 0 ? 1 : processed} />
      <p aria-live="polite" className="bulk-counts">
        {t('bulkProgressCounts', succeeded, job.total, job.failed.length)}
        {job.existed > 0 && ` ${t('bulkProgressExisted', job.existed)}`}
        {job.skipped > 0 && t('bulkProgressSkipped', job.skipped)}
      </p>
      <p className="hint">{describeState(job)}</p>
      <div className="actions">
        {active && (
          <button type="button" className="danger" onClick={() => void act(cancelBulkCreate)}>
            {t('bulkCancel')}
          </button>
        )}
        {job.status === 'paused' && (
          <button type="button" onClick={() => void act(resumeBulkCreate)}>
            {t('bulkResume')}
          </button>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      {job.failed.length > 0 && (
        <>
          <h4>{t('bulkFailedRows')}</h4>
          <ul aria-label={t('bulkFailedRows')} className="preview-list">
            {job.failed.slice(0, SHOWN).map((failure) => (
              <li key={`${failure.environment}:${failure.userGroupId}`}>
                <strong>{t('bulkLine', String(failure.line))}</strong> {t('bulkFailedRow', describeGroup(failure.name, failure.environment, failure.userGroupId), failure.message)}
              </li>
            ))}
            {job.failed.length > SHOWN && <li className="hint">{t('optionsListMore', job.failed.length - SHOWN)}</li>}
          </ul>
        </>
      )}
    </div>
  );
}
