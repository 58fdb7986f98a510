import type {
  BulkFailure,
  BulkJob,
  BulkJobRows,
  BulkOperation,
  QueuedRow,
} from '../../storage/bulk-job/bulk-job-schema';
import type { RowOutcome } from './bulk-outcome';
import type { BulkRow } from '../../storage/bulk-job/bulk-row-schema';
import { groupKey } from '../../storage/registry/registry-schema';
import type { Registry } from '../../storage/registry/registry-schema';
import { text, type MessageRef } from '../../message-ref';
import { newProgress, recordOutcome as recordInQueue, STOPPED_OUTCOME, type SettleRow } from '../../jobs/job-queue';

// A user-group job's own transitions; the queue, pacing, pause, cancel and resume are every job's
// (lib/jobs/job-queue.ts), re-exported here for the user-group code and its tests.
export { canResume, cancelJob, markSending, pauseJob, remainingCount, resumeJob, rowAt } from '../../jobs/job-queue';

/** A new job (its progress) and its rows: the two stored items, written together at the start. */
export function newBulkJob(options: {
  id: string;
  rows: readonly BulkRow[];
  skipped: number;
  ratePerMinute: number | null;
  now: number;
  operation?: BulkOperation;
}): { job: BulkJob; rows: BulkJobRows } {
  const { id, rows, skipped, ratePerMinute, now, operation = 'create' } = options;
  const job: BulkJob = {
    ...newProgress({ id, count: rows.length, skipped, ratePerMinute, now }),
    operation,
    created: 0,
    existed: 0,
    failed: [],
  };
  return { job, rows: { jobId: id, rows: rows.map((row) => ({ ...row, attempts: 0 })) } };
}

const failure = (row: QueuedRow, message: MessageRef): BulkFailure => ({
  line: row.line,
  name: row.name,
  userGroupId: row.userGroupId,
  environment: row.environment,
  message,
});

/** How a user-group job counts a row's outcome. */
const settleGroupRow: SettleRow<BulkJob, QueuedRow> = (advanced, row, outcome, { position }) => {
  switch (outcome.kind) {
    case 'created':
      return { ...advanced, created: advanced.created + 1 };
    case 'existed':
      return { ...advanced, existed: advanced.existed + 1 };
    case 'unknown':
      // Create is get-or-create, so sending the row again is safe: once, at the end of the queue.
      // (Attempts 0: a stored row, not a retry, so its index in the rows is its position.) A rotate or
      // delete is not sent again unasked: the registry flags the group, and Retry failed sends it again.
      if (advanced.operation === 'create' && row.attempts === 0 && advanced.status === 'running')
        return { ...advanced, retries: [...advanced.retries, position] };
      return { ...advanced, failed: [...advanced.failed, failure(row, text('errorOutcomeUnknown', outcome.message))] };
    case 'failed':
      return { ...advanced, failed: [...advanced.failed, failure(row, outcome.message)] };
  }
};

/** Records what happened to the row sent from this queue position (the next one; any other is stale). */
export function recordOutcome(
  job: BulkJob,
  rows: readonly QueuedRow[],
  position: number,
  outcome: RowOutcome,
  now: number,
): BulkJob {
  return recordInQueue(job, rows, position, outcome, now, settleGroupRow);
}

/** A row still marked in flight when a worker starts was cut off when the previous worker stopped. */
export function settleStaleInFlight(job: BulkJob, rows: readonly QueuedRow[], now: number): BulkJob {
  if (job.inFlight === undefined) return job;
  return recordOutcome(job, rows, job.inFlight, STOPPED_OUTCOME, now);
}

export interface BulkPlan {
  toCreate: BulkRow[];
  /** Already in this browser's registry: skipped, not sent. */
  alreadyInRegistry: BulkRow[];
}

export function planBulkCreate(rows: readonly BulkRow[], registry: Registry): BulkPlan {
  const known = new Set(registry.groups.map(groupKey));
  const plan: BulkPlan = { toCreate: [], alreadyInRegistry: [] };
  for (const row of rows) {
    const inRegistry = known.has(groupKey({ environment: row.environment, provided_id: row.userGroupId }));
    (inRegistry ? plan.alreadyInRegistry : plan.toCreate).push(row);
  }
  return plan;
}
