import type { WireUserGroup } from '../../api/user-group-api';
import type { Result } from '../../result';
import { classifyAnswer, type RowOutcome } from '../../jobs/job-outcome';

export type { RowOutcome };

export function classifyCreate(result: Result<{ group: WireUserGroup; created: boolean }>, sentAt: number): RowOutcome {
  return classifyAnswer(result, sentAt, result.ok && !result.value.created ? 'existed' : 'created');
}

/**
 * The answer of the single-row rotate or delete handler (group-operations.ts),
 * which has already recorded it in the registry: a new token, a rotation or delete outcome flagged
 * unknown, or nothing changed.
 */
export function classifySelection(result: Result<unknown>, sentAt: number): RowOutcome {
  return classifyAnswer(result, sentAt, 'created');
}
