import type { Result } from '../result';
import type { MessageRef } from '../message-ref';

/** What became of one row of a job (job-queue.ts records it); `id`: what the service named (a project id). */
export type RowOutcome =
  | { kind: 'created' | 'existed'; id?: string | undefined }
  | { kind: 'rateLimited'; retryAfterSeconds: number | undefined; sentAt: number }
  /** Timeout, reset, 5xx: the change may or may not have happened on the service. */
  | { kind: 'unknown'; message: MessageRef }
  /** The service said no to this row (success: 0, a 4xx), or the row cannot be acted on now. */
  | { kind: 'failed'; message: MessageRef }
  /** Nothing can succeed until the user acts (credentials, access, an unlock): the job pauses. */
  | { kind: 'blocked'; message: MessageRef };

const BLOCKING = new Set(['NOT_CONFIGURED', 'ACCESS_NOT_GRANTED', 'UNAUTHENTICATED', 'PERMISSION_DENIED', 'LOCKED']);

/** Any answer to a row's request; `done` is how a success counts (a create may find the row existing). */
export function classifyAnswer(result: Result<unknown>, sentAt: number, done: 'created' | 'existed'): RowOutcome {
  if (result.ok) return { kind: done };
  const { code, message, maybeProcessed, retryAfterSeconds } = result.error;
  if (code === 'RATE_LIMITED') return { kind: 'rateLimited', retryAfterSeconds, sentAt };
  if (BLOCKING.has(code)) return { kind: 'blocked', message };
  if (maybeProcessed) return { kind: 'unknown', message };
  return { kind: 'failed', message };
}
