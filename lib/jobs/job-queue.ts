import { isActive, type JobProgress, type QueuedJobRow } from '../storage/jobs/job-progress-schema';
import type { RowOutcome } from './job-outcome';
import { nextSendAfterRateLimit, nextSendAfterSend } from './job-pacing';
import { text, type MessageRef } from '../message-ref';

// The transitions every kind of job shares: where the queue is, pacing, pause, cancel and resume.
// Pure: each takes the stored progress and answers the next one. A kind's own counts are applied by
// the `settle` function it passes to recordOutcome (bulk-job.ts, register-job.ts).

export const iso = (time: number) => new Date(time).toISOString();

/** The job without the optional fields named (they are left out, not set to undefined). */
export function without<J extends JobProgress>(job: J, ...keys: ('inFlight' | 'rateLimitedUntil' | 'message')[]): J {
  const copy: J = { ...job };
  for (const key of keys) delete copy[key];
  return copy;
}

/** The progress of a new job of `count` rows; the kind adds its own counts. */
export function newProgress(options: {
  id: string;
  count: number;
  skipped: number;
  ratePerMinute: number | null;
  now: number;
}): JobProgress {
  const { id, count, skipped, ratePerMinute, now } = options;
  return {
    id,
    status: count > 0 ? 'running' : 'done',
    ratePerMinute,
    total: count,
    skipped,
    queued: count,
    retries: [],
    next: 0,
    notBefore: now,
    startedAt: iso(now),
    updatedAt: iso(now),
    ...(count === 0 && { finishedAt: iso(now) }),
  };
}

/** Rows not done yet (the one in flight included): computed from the progress alone, without the rows. */
export function remainingCount(job: Pick<JobProgress, 'queued' | 'retries' | 'next'>): number {
  return job.queued + job.retries.length - job.next;
}

/**
 * Rows with an outcome: every position passed, less those queued again for a retry (their outcome is
 * still to come). Whatever the kind counts, this is how far the job is.
 */
export function doneCount(job: Pick<JobProgress, 'next' | 'retries'>): number {
  return job.next - job.retries.length;
}

/** The index in the stored rows of the row at a queue position (undefined past the end). */
export function rowIndexAt(job: JobProgress, position: number): number | undefined {
  return position < job.queued ? position : job.retries[position - job.queued];
}

/**
 * The row at a queue position: the stored rows first, then the retries (which have had one attempt).
 * Undefined past the end of the queue, or when the rows do not hold it.
 */
export function rowAt<R extends QueuedJobRow>(job: JobProgress, rows: readonly R[], position: number): R | undefined {
  if (position < job.queued) return rows[position];
  const index = rowIndexAt(job, position);
  const row = index === undefined ? undefined : rows[index];
  return row && { ...row, attempts: 1 };
}

/** Before the request: the row at this position is in flight, and the next one waits one interval. */
export function markSending<J extends JobProgress>(job: J, position: number, sentAt: number): J {
  return {
    ...without(job, 'rateLimitedUntil'),
    inFlight: position,
    notBefore: nextSendAfterSend(sentAt, job.ratePerMinute),
    updatedAt: iso(sentAt),
  };
}

export function finishIfEmpty<J extends JobProgress>(job: J, now: number): J {
  if (job.status !== 'running' || remainingCount(job) > 0) return job;
  return { ...job, status: 'done', finishedAt: iso(now) };
}

/** A kind's own record of a row's outcome (created, existed, unknown, failed) on the advanced job. */
export type SettleRow<J extends JobProgress, R extends QueuedJobRow> = (
  advanced: J,
  row: R,
  outcome: Extract<RowOutcome, { kind: 'created' | 'existed' | 'unknown' | 'failed' }>,
  context: { position: number; now: number },
) => J;

/**
 * Records what happened to the row sent from this queue position (the next one; any other is stale):
 * a 429 waits and sends the row again, a blocked row pauses the job, anything else advances the queue
 * and is counted by the kind (`settle`).
 */
export function recordOutcome<J extends JobProgress, R extends QueuedJobRow>(
  job: J,
  rows: readonly R[],
  position: number,
  outcome: RowOutcome,
  now: number,
  settle: SettleRow<J, R>,
): J {
  const row = position === job.next ? rowAt(job, rows, position) : undefined;
  const updated: J = { ...without(job, 'inFlight'), updatedAt: iso(now) };
  if (!row) return updated;
  switch (outcome.kind) {
    case 'rateLimited': {
      const until = nextSendAfterRateLimit({ ...outcome, answeredAt: now, ratePerMinute: job.ratePerMinute });
      return { ...updated, notBefore: Math.max(job.notBefore, until), rateLimitedUntil: until };
    }
    case 'blocked':
      return job.status === 'running' ? { ...updated, status: 'paused', message: outcome.message } : updated;
    default:
      return finishIfEmpty(settle({ ...updated, next: job.next + 1 }, row, outcome, { position, now }), now);
  }
}

/** The outcome given to a row still marked in flight when a worker starts: the previous worker stopped mid-request. */
export const STOPPED_OUTCOME: RowOutcome = { kind: 'unknown', message: text('errorStoppedReason') };

export function cancelJob<J extends JobProgress>(job: J, now: number): J {
  if (!isActive(job)) return job;
  return { ...job, status: 'cancelled', finishedAt: iso(now), updatedAt: iso(now) };
}

export function pauseJob<J extends JobProgress>(job: J, message: MessageRef, now: number): J {
  return job.status === 'running' ? { ...job, status: 'paused', message, updatedAt: iso(now) } : job;
}

export function canResume<J extends JobProgress>(job: J | null): job is J {
  return job?.status === 'paused' || (job?.status === 'cancelled' && remainingCount(job) > 0);
}

/** A paused job carries on; so does a cancelled one with rows not sent yet (Resume after Cancel). */
export function resumeJob<J extends JobProgress>(job: J, now: number): J {
  if (!canResume(job)) return job;
  const unfinished = without(job, 'message');
  delete unfinished.finishedAt;
  return finishIfEmpty(
    { ...unfinished, status: 'running', notBefore: Math.max(job.notBefore, now), updatedAt: iso(now) },
    now,
  );
}
