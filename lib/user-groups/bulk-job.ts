import type { Result } from '../result';
import type { WireUserGroup } from '../api/user-group-api';
import type { BulkFailure, BulkJob, QueuedRow } from './bulk-job-schema';
import type { BulkRow } from './bulk-schema';
import { nextSendAfterRateLimit, nextSendAfterSend } from './bulk-pacing';
import { groupKey } from './filter-groups';
import type { Registry } from './registry-schema';

export type CreateOutcome =
  | { kind: 'created' | 'existed' }
  | { kind: 'rateLimited'; retryAfterSeconds: number | undefined; sentAt: number }
  /** Timeout, reset, 5xx: the group may or may not exist now. */
  | { kind: 'unknown'; message: string }
  /** The service said no to this row (success: 0, a 4xx). */
  | { kind: 'failed'; message: string }
  /** Nothing can succeed until the user acts (credentials, access): the job pauses. */
  | { kind: 'blocked'; message: string };

const BLOCKING = new Set(['NOT_CONFIGURED', 'ACCESS_NOT_GRANTED', 'UNAUTHENTICATED', 'PERMISSION_DENIED']);

export function classifyCreate(result: Result<{ group: WireUserGroup; created: boolean }>, sentAt: number): CreateOutcome {
  if (result.ok) return { kind: result.value.created ? 'created' : 'existed' };
  const { code, message, maybeProcessed, retryAfterSeconds } = result.error;
  if (code === 'RATE_LIMITED') return { kind: 'rateLimited', retryAfterSeconds, sentAt };
  if (BLOCKING.has(code)) return { kind: 'blocked', message };
  if (maybeProcessed) return { kind: 'unknown', message };
  return { kind: 'failed', message };
}

export const rowKey = (row: BulkRow) => groupKey({ environment: row.environment, provided_id: row.userGroupId });
const iso = (time: number) => new Date(time).toISOString();

/** The job without the optional fields named (they are left out, not set to undefined). */
function without(job: BulkJob, ...keys: ('inFlight' | 'rateLimitedUntil' | 'message')[]): BulkJob {
  const copy: BulkJob = { ...job };
  for (const key of keys) delete copy[key];
  return copy;
}

export function newBulkJob(options: { id: string; rows: readonly BulkRow[]; skipped: number; ratePerMinute: number | null; now: number }): BulkJob {
  const { id, rows, skipped, ratePerMinute, now } = options;
  return {
    id,
    status: rows.length > 0 ? 'running' : 'done',
    ratePerMinute,
    total: rows.length,
    skipped,
    created: 0,
    existed: 0,
    failed: [],
    remaining: rows.map((row) => ({ ...row, attempts: 0 })),
    notBefore: now,
    startedAt: iso(now),
    updatedAt: iso(now),
    ...(rows.length === 0 && { finishedAt: iso(now) }),
  };
}

/** Before the request: the row is in flight, and the next one waits one interval. */
export function markSending(job: BulkJob, row: QueuedRow, sentAt: number): BulkJob {
  return { ...without(job, 'rateLimitedUntil'), inFlight: rowKey(row), notBefore: nextSendAfterSend(sentAt, job.ratePerMinute), updatedAt: iso(sentAt) };
}

function finishIfEmpty(job: BulkJob, now: number): BulkJob {
  if (job.status !== 'running' || job.remaining.length > 0) return job;
  return { ...job, status: 'done', finishedAt: iso(now) };
}

const failure = (row: QueuedRow, message: string): BulkFailure => ({
  line: row.line,
  name: row.name,
  userGroupId: row.userGroupId,
  environment: row.environment,
  message,
});

/** Records what happened to the row with this key (normally the first remaining one). */
export function recordOutcome(job: BulkJob, key: string, outcome: CreateOutcome, now: number): BulkJob {
  const index = job.remaining.findIndex((row) => rowKey(row) === key);
  const row = job.remaining[index];
  const next: BulkJob = { ...without(job, 'inFlight'), updatedAt: iso(now) };
  if (!row) return next;
  const others = job.remaining.filter((_row, position) => position !== index);
  switch (outcome.kind) {
    case 'created':
      return finishIfEmpty({ ...next, remaining: others, created: job.created + 1 }, now);
    case 'existed':
      return finishIfEmpty({ ...next, remaining: others, existed: job.existed + 1 }, now);
    case 'rateLimited': {
      const until = nextSendAfterRateLimit({ ...outcome, answeredAt: now, ratePerMinute: job.ratePerMinute });
      return { ...next, notBefore: Math.max(job.notBefore, until), rateLimitedUntil: until };
    }
    case 'unknown':
      // Create is get-or-create, so sending the row again is safe: once, at the end of the queue.
      if (row.attempts === 0 && job.status === 'running') return { ...next, remaining: [...others, { ...row, attempts: 1 }] };
      return finishIfEmpty({ ...next, remaining: others, failed: [...job.failed, failure(row, `Outcome unknown — ${outcome.message}`)] }, now);
    case 'failed':
      return finishIfEmpty({ ...next, remaining: others, failed: [...job.failed, failure(row, outcome.message)] }, now);
    case 'blocked':
      return job.status === 'running' ? { ...next, status: 'paused', message: outcome.message } : next;
  }
}

/** A row still marked in flight when a worker starts was cut off when the previous worker stopped. */
export function settleStaleInFlight(job: BulkJob, now: number): BulkJob {
  if (job.inFlight === undefined) return job;
  return recordOutcome(job, job.inFlight, { kind: 'unknown', message: 'the extension stopped while the request was under way.' }, now);
}

export function isActive(job: BulkJob | null): job is BulkJob {
  return job?.status === 'running' || job?.status === 'paused';
}

export function cancelJob(job: BulkJob, now: number): BulkJob {
  if (!isActive(job)) return job;
  return { ...job, status: 'cancelled', finishedAt: iso(now), updatedAt: iso(now) };
}

export function pauseJob(job: BulkJob, message: string, now: number): BulkJob {
  return job.status === 'running' ? { ...job, status: 'paused', message, updatedAt: iso(now) } : job;
}

export function resumeJob(job: BulkJob, now: number): BulkJob {
  if (job.status !== 'paused') return job;
  return finishIfEmpty({ ...without(job, 'message'), status: 'running', notBefore: Math.max(job.notBefore, now), updatedAt: iso(now) }, now);
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
