import { useState } from 'react';
import { Alert } from '@/components/Alert';
import { sendMessage } from '@/lib/messaging/client';
import { cancelBulkCreate, resumeBulkCreate } from '@/lib/messaging/messages/registry-transfer-messages';
import type { BulkJob } from '@/lib/user-groups/bulk-job-schema';

const SHOWN = 500;

function describeState(job: BulkJob): string {
  const notSent = job.remaining.length;
  switch (job.status) {
    case 'running':
      if (job.rateLimitedUntil !== undefined) {
        return `The service is rate limiting: carrying on at ${new Date(job.rateLimitedUntil).toLocaleTimeString()}.`;
      }
      return job.ratePerMinute === null ? 'Running, unthrottled.' : `Running at up to ${job.ratePerMinute} requests per minute.`;
    case 'paused':
      return `Paused: ${job.message ?? 'waiting for you.'} Fix this, then resume.`;
    case 'cancelled':
      return `Cancelled${notSent > 0 ? `: ${notSent.toLocaleString()} ${notSent === 1 ? 'row was' : 'rows were'} not sent` : ''}.`;
    case 'done':
      return 'Done.';
  }
}

/** The stored job, as the background last wrote it: any options page shows the same. */
export function BulkCreateProgress({ job }: { job: BulkJob }) {
  const [error, setError] = useState<string>();
  const succeeded = job.created + job.existed;
  const processed = succeeded + job.failed.length;
  const active = job.status === 'running' || job.status === 'paused';

  const act = async (message: typeof cancelBulkCreate | typeof resumeBulkCreate) => {
    const result = await sendMessage(message, {});
    setError(result.ok ? undefined : result.error.message);
  };

  return (
    <div role="group" aria-labelledby="bulk-progress-heading" className="bulk-progress">
      <h3 id="bulk-progress-heading">{active ? 'Bulk create in progress' : 'Last bulk create'}</h3>
      <progress aria-label="Bulk create progress" max={Math.max(job.total, 1)} value={job.total === 0 ? 1 : processed} />
      <p aria-live="polite" className="bulk-counts">
        {succeeded.toLocaleString()} of {job.total.toLocaleString()} created, {job.failed.length.toLocaleString()} failed
        {job.existed > 0 && ` (${job.existed.toLocaleString()} already existed on the service)`}
        {job.skipped > 0 && `; ${job.skipped.toLocaleString()} skipped (already in this browser)`}
      </p>
      <p className="hint">{describeState(job)}</p>
      <div className="actions">
        {active && (
          <button type="button" className="danger" onClick={() => void act(cancelBulkCreate)}>
            Cancel
          </button>
        )}
        {job.status === 'paused' && (
          <button type="button" onClick={() => void act(resumeBulkCreate)}>
            Resume
          </button>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      {job.failed.length > 0 && (
        <>
          <h4>Failed rows</h4>
          <ul aria-label="Failed rows" className="preview-list">
            {job.failed.slice(0, SHOWN).map((failure) => (
              <li key={`${failure.environment}:${failure.userGroupId}`}>
                <strong>Line {failure.line}</strong> “{failure.name}” ({failure.environment}, ID {failure.userGroupId}): {failure.message}
              </li>
            ))}
            {job.failed.length > SHOWN && <li className="hint">…and {(job.failed.length - SHOWN).toLocaleString()} more.</li>}
          </ul>
        </>
      )}
    </div>
  );
}
