import { t } from '@/lib/i18n';
import { maskGroupToken } from '@/lib/connection/mask-secret';
import { messageText } from '@/lib/message-ref';
import type { Result } from '@/lib/result';
import { groupKey, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { describeGroup } from './describe-group';
import { listErrorText } from './list-error-text';
import type { Outcome } from './outcome';
import { needsSettings } from './needs-settings';

const describe = (group: RegistryEntry) => describeGroup(group.name, group.environment, group.provided_id);

/**
 * Whether a failed rotation leaves the group flagged "Rotation outcome unknown" (the background's rule,
 * lib/user-groups/operations/group-operations.ts): the answer may have been lost after the service rotated (a time-out,
 * a reset, a 5xx), the service refused the stored token (it may have been rotated already), or the group
 * was flagged before and nothing new was learnt.
 */
export function rotationLeftUnknown(group: RegistryEntry, error: { maybeProcessed?: boolean; code: string }): boolean {
  return error.maybeProcessed === true || error.code === 'REJECTED' || group.rotation?.state === 'unknown';
}

/**
 * What the list and the row say after a rotation: one outcome, said the same way in both places. When
 * the outcome is unknown, the row's flag says so and the list's message starts with that very sentence,
 * then why and what to do; it never says "not rotated" beside a row that says "outcome unknown".
 */
export function rotateOutcome(group: RegistryEntry, result: Result<{ group: RegistryEntry }>): Outcome {
  const key = groupKey(group);
  if (result.ok) {
    const masked = maskGroupToken(result.value.group.token);
    return {
      kind: 'success',
      place: 'list',
      text: t('groupsRotated', describe(group), masked),
      row: { key, text: t('groupsRowRotated', masked) },
    };
  }
  const { error } = result;
  if (rotationLeftUnknown(group, error))
    return {
      kind: 'error',
      place: 'list',
      text: `${t('groupsOutcomeUnknown', describe(group), t('groupsRotationUnknown'), listErrorText(error))} ${t('groupsRetryRotationHint')}`,
      settingsLink: needsSettings(error),
    };
  return {
    kind: 'error',
    place: 'list',
    text: t('groupsNotRotated', describe(group), listErrorText(error)),
    row: { key, text: t('groupsRowNotRotated', messageText(error.message)) },
    settingsLink: needsSettings(error),
  };
}
