import { describe, expect, it } from 'vitest';
import {
  markSending,
  newBulkJob,
  recordOutcome,
  remainingCount,
  rowAt,
  settleStaleInFlight,
} from '@/lib/user-groups/bulk/bulk-job';
import type { BulkJob, QueuedRow } from '@/lib/storage/bulk-job/bulk-job-schema';
import { verbatimText } from '@/lib/message-ref';
import { textsRendered } from '../helpers/error-text';
import { rows } from './bulk-fakes';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const unknown = { kind: 'unknown', message: verbatimText('no answer') } as const;
const ids = (job: BulkJob, stored: readonly QueuedRow[]) =>
  Array.from({ length: remainingCount(job) }, (_, i) => rowAt(job, stored, job.next + i)?.userGroupId);

/** Sends the next row and records this outcome, as the runner does. */
function send(job: BulkJob, stored: readonly QueuedRow[], outcome: Parameters<typeof recordOutcome>[3]): BulkJob {
  return recordOutcome(markSending(job, job.next, T0), stored, job.next, outcome, T0);
}

describe('the queue: stored rows, then retries', () => {
  const { job, rows: queued } = newBulkJob({ id: 'j', rows: rows(3), skipped: 1, ratePerMinute: 60, now: T0 });

  it('a new job queues every row once, with no attempt yet', () => {
    expect(job).toMatchObject({ status: 'running', total: 3, skipped: 1, queued: 3, next: 0, retries: [] });
    expect(queued).toEqual({ jobId: 'j', rows: rows(3).map((row) => ({ ...row, attempts: 0 })) });
    expect(remainingCount(job)).toBe(3);
    expect(newBulkJob({ id: 'e', rows: [], skipped: 2, ratePerMinute: 60, now: T0 }).job).toMatchObject({
      status: 'done',
      queued: 0,
    });
  });

  it('remainingCount counts what is left of both parts', () => {
    expect(remainingCount({ queued: 3, retries: [], next: 0 })).toBe(3);
    expect(remainingCount({ queued: 3, retries: [0, 2], next: 3 })).toBe(2);
    expect(remainingCount({ queued: 3, retries: [0, 2], next: 5 })).toBe(0);
  });

  it('rowAt: a stored row as stored, a retry with its one attempt, nothing past the end', () => {
    const withRetry: BulkJob = { ...job, retries: [1] };
    expect(rowAt(withRetry, queued.rows, 0)).toEqual(queued.rows[0]);
    expect(rowAt(withRetry, queued.rows, 3)).toEqual({ ...queued.rows[1], attempts: 1 });
    expect(rowAt(withRetry, queued.rows, 4)).toBeUndefined();
    expect(rowAt(withRetry, [], 0)).toBeUndefined();
  });

  it('an unknown outcome queues the row once more at the end; unknown again, it is failed', () => {
    let next = send(job, queued.rows, unknown);
    expect(next).toMatchObject({ next: 1, retries: [0] });
    expect(ids(next, queued.rows)).toEqual(['g1', 'g2', 'g0']);
    next = send(send(next, queued.rows, { kind: 'created' }), queued.rows, { kind: 'existed' });
    expect(ids(next, queued.rows)).toEqual(['g0']);
    next = send(next, queued.rows, unknown);
    expect(next).toMatchObject({ status: 'done', created: 1, existed: 1, next: 4, retries: [0] });
    expect(textsRendered(next.failed)).toEqual([
      expect.objectContaining({ userGroupId: 'g0', message: 'Outcome unknown — no answer' }),
    ]);
    expect(next.inFlight).toBeUndefined();
  });

  it('a rate limit keeps the row at the head; a stale outcome only clears the flag', () => {
    const limited = send(job, queued.rows, { kind: 'rateLimited', retryAfterSeconds: 5, sentAt: T0 });
    expect(limited).toMatchObject({ next: 0, rateLimitedUntil: T0 + 5000 });
    const stale = recordOutcome(
      { ...markSending(job, job.next, T0), next: 1 },
      queued.rows,
      0,
      { kind: 'created' },
      T0,
    );
    expect(stale).toMatchObject({ next: 1, created: 0 });
    expect(stale.inFlight).toBeUndefined();
  });

  it('a row left in flight is settled as an unknown outcome (retried at the end)', () => {
    const cutOff = markSending(job, 0, T0);
    expect(cutOff.inFlight).toBe(0);
    const settled = settleStaleInFlight(cutOff, queued.rows, T0);
    expect(settled).toMatchObject({ next: 1, retries: [0] });
    expect(settled.inFlight).toBeUndefined();
    expect(settleStaleInFlight(job, queued.rows, T0)).toBe(job);
  });

  it('a paused job fails an unknown outcome at once, and a blocked one stays paused', () => {
    const paused: BulkJob = { ...job, status: 'paused' };
    expect(send(paused, queued.rows, unknown)).toMatchObject({
      status: 'paused',
      next: 1,
      retries: [],
      failed: [expect.objectContaining({ userGroupId: 'g0' })],
    });
    expect(send(job, queued.rows, { kind: 'blocked', message: verbatimText('Check the token.') })).toMatchObject({
      status: 'paused',
      message: verbatimText('Check the token.'),
      next: 0,
    });
  });
});
