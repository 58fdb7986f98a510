import {
  isActive,
  type BulkFailure,
  type BulkJob,
  type BulkJobRows,
  type BulkOperation,
  type QueuedRow,
} from '../storage/bulk-job/bulk-job-schema';
import type { RowOutcome } from './bulk-outcome';
import type { BulkRow } from '../storage/bulk-job/bulk-row-schema';
import { nextSendAfterRateLimit, nextSendAfterSend } from './bulk-pacing';
import { groupKey } from '../storage/registry/registry-schema';
import type { Registry } from '../storage/registry/registry-schema';
import { text, type MessageRef } from '../message-ref';

const iso = (time: number) => new Date(time).toISOString();

/** The job without the optional fields named (they are left out, not set to undefined). */
function without(job: BulkJob, ...keys: ('inFlight' | 'rateLimitedUntil' | 'message')[]): BulkJob {
  const copy: BulkJob = { ...job };
  for (const key of keys) delete copy[key];
  return copy;
}

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
    id,
    operation,
    status: rows.length > 0 ? 'running' : 'done',
    ratePerMinute,
    total: rows.length,
    skipped,
    created: 0,
    existed: 0,
    failed: [],
    queued: rows.length,
    retries: [],
    next: 0,
    notBefore: now,
    startedAt: iso(now),
    updatedAt: iso(now),
    ...(rows.length === 0 && { finishedAt: iso(now) }),
  };
  return { job, rows: { jobId: id, rows: rows.map((row) => ({ ...row, attempts: 0 })) } };
}

/** Rows not done yet (the one in flight included): computed from the progress alone, without the rows. */
export function remainingCount(job: Pick<BulkJob, 'queued' | 'retries' | 'next'>): number {
  return job.queued + job.retries.length - job.next;
}

/**
 * The row at a queue position: the stored rows first, then the retries (which have had one attempt).
 * Undefined past the end of the queue, or when the rows do not hold it.
 */
export function rowAt(job: BulkJob, rows: readonly QueuedRow[], position: number): QueuedRow | undefined {
  if (position < job.queued) return rows[position];
  const index = job.retries[position - job.queued];
  const row = index === undefined ? undefined : rows[index];
  return row && { ...row, attempts: 1 };
}

/** Before the request: the row at this position is in flight, and the next one waits one interval. */
export function markSending(job: BulkJob, position: number, sentAt: number): BulkJob {
  return {
    ...without(job, 'rateLimitedUntil'),
    inFlight: position,
    notBefore: nextSendAfterSend(sentAt, job.ratePerMinute),
    updatedAt: iso(sentAt),
  };
}

function finishIfEmpty(job: BulkJob, now: number): BulkJob {
  if (job.status !== 'running' || remainingCount(job) > 0) return job;
  return { ...job, status: 'done', finishedAt: iso(now) };
}

const failure = (row: QueuedRow, message: MessageRef): BulkFailure => ({
  line: row.line,
  name: row.name,
  userGroupId: row.userGroupId,
  environment: row.environment,
  message,
});

/** Records what happened to the row sent from this queue position (the next one; any other is stale). */
export function recordOutcome(
  job: BulkJob,
  rows: readonly QueuedRow[],
  position: number,
  outcome: RowOutcome,
  now: number,
): BulkJob {
  const row = position === job.next ? rowAt(job, rows, position) : undefined;
  const updated: BulkJob = { ...without(job, 'inFlight'), updatedAt: iso(now) };
  if (!row) return updated;
  const advanced: BulkJob = { ...updated, next: job.next + 1 };
  switch (outcome.kind) {
    case 'created':
      return finishIfEmpty({ ...advanced, created: job.created + 1 }, now);
    case 'existed':
      return finishIfEmpty({ ...advanced, existed: job.existed + 1 }, now);
    case 'rateLimited': {
      const until = nextSendAfterRateLimit({ ...outcome, answeredAt: now, ratePerMinute: job.ratePerMinute });
      return { ...updated, notBefore: Math.max(job.notBefore, until), rateLimitedUntil: until };
    }
    case 'unknown':
      // Create is get-or-create, so sending the row again is safe: once, at the end of the queue.
      // (Attempts 0: a stored row, not a retry, so its index in the rows is its position.) A rotate or
      // delete is not sent again unasked: the registry flags the group, and Retry failed sends it again.
      if (job.operation === 'create' && row.attempts === 0 && job.status === 'running')
        return { ...advanced, retries: [...job.retries, position] };
      return finishIfEmpty(
        { ...advanced, failed: [...job.failed, failure(row, text('errorOutcomeUnknown', outcome.message))] },
        now,
      );
    case 'failed':
      return finishIfEmpty({ ...advanced, failed: [...job.failed, failure(row, outcome.message)] }, now);
    case 'blocked':
      return job.status === 'running' ? { ...updated, status: 'paused', message: outcome.message } : updated;
  }
}

/** A row still marked in flight when a worker starts was cut off when the previous worker stopped. */
export function settleStaleInFlight(job: BulkJob, rows: readonly QueuedRow[], now: number): BulkJob {
  if (job.inFlight === undefined) return job;
  return recordOutcome(job, rows, job.inFlight, { kind: 'unknown', message: text('errorStoppedReason') }, now);
}

export function cancelJob(job: BulkJob, now: number): BulkJob {
  if (!isActive(job)) return job;
  return { ...job, status: 'cancelled', finishedAt: iso(now), updatedAt: iso(now) };
}

export function pauseJob(job: BulkJob, message: MessageRef, now: number): BulkJob {
  return job.status === 'running' ? { ...job, status: 'paused', message, updatedAt: iso(now) } : job;
}

/** A paused job carries on; so does a cancelled one with rows not sent yet (Resume after Cancel). */
export function resumeJob(job: BulkJob, now: number): BulkJob {
  if (!canResume(job)) return job;
  const unfinished = without(job, 'message');
  delete unfinished.finishedAt;
  return finishIfEmpty(
    { ...unfinished, status: 'running', notBefore: Math.max(job.notBefore, now), updatedAt: iso(now) },
    now,
  );
}

export function canResume(job: BulkJob | null): job is BulkJob {
  return job?.status === 'paused' || (job?.status === 'cancelled' && remainingCount(job) > 0);
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
