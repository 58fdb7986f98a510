import type { WireUserGroup } from '../api/user-group-api';
import type { Result } from '../result';
import type { MessageRef } from '../message-ref';

/** What became of one row of a job (bulk-job.ts records it). */
export type RowOutcome =
  | { kind: 'created' | 'existed' }
  | { kind: 'rateLimited'; retryAfterSeconds: number | undefined; sentAt: number }
  /** Timeout, reset, 5xx: the change may or may not have happened on the service. */
  | { kind: 'unknown'; message: MessageRef }
  /** The service said no to this row (success: 0, a 4xx), or the group cannot be acted on now. */
  | { kind: 'failed'; message: MessageRef }
  /** Nothing can succeed until the user acts (credentials, access, an unlock): the job pauses. */
  | { kind: 'blocked'; message: MessageRef };

const BLOCKING = new Set(['NOT_CONFIGURED', 'ACCESS_NOT_GRANTED', 'UNAUTHENTICATED', 'PERMISSION_DENIED', 'LOCKED']);

/** Any answer to a row's request; `done` is how a success counts (a create may find the group existing). */
function classify(result: Result<unknown>, sentAt: number, done: 'created' | 'existed'): RowOutcome {
  if (result.ok) return { kind: done };
  const { code, message, maybeProcessed, retryAfterSeconds } = result.error;
  if (code === 'RATE_LIMITED') return { kind: 'rateLimited', retryAfterSeconds, sentAt };
  if (BLOCKING.has(code)) return { kind: 'blocked', message };
  if (maybeProcessed) return { kind: 'unknown', message };
  return { kind: 'failed', message };
}

export function classifyCreate(result: Result<{ group: WireUserGroup; created: boolean }>, sentAt: number): RowOutcome {
  return classify(result, sentAt, result.ok && !result.value.created ? 'existed' : 'created');
}

/**
 * The answer of the single-row rotate or delete handler (group-operations.ts),
 * which has already recorded it in the registry: a new token, a rotation or delete outcome flagged
 * unknown, or nothing changed.
 */
export function classifySelection(result: Result<unknown>, sentAt: number): RowOutcome {
  return classify(result, sentAt, 'created');
}
