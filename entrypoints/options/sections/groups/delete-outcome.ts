import { errorResult } from '@/components/action-result';
import { t } from '@/lib/i18n';
import { messageText } from '@/lib/message-ref';
import type { AppError } from '@/lib/result';
import { groupKey, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { describeGroup } from './describe-group';
import type { Outcome } from './outcome';
import { listErrorText } from './list-error-text';
import { needsSettings } from './needs-settings';

/**
 * What the page says after a failed delete, in the list and on the row: one outcome, said the same way
 * in both. A lost answer: the background flagged the group, the row says "Delete outcome unknown" and
 * offers Retry delete and Remove from this browser only, and the list's message starts with the same
 * words. A refusal by the service (success: 0) flags the group too, since a re-sent copy of the delete
 * may have gone through: the row shows the flag, the message says why. After an unanswered delete, a
 * refusal most likely means the service no longer knows the group. Any other failure (rate limit,
 * credentials) keeps the group as it was. Each offers removing it from this browser only.
 */
export function deleteFailure(group: RegistryEntry, error: AppError): Outcome {
  const described = describeGroup(group.name, group.environment, group.provided_id);
  const settingsLink = needsSettings(error);
  if (error.maybeProcessed)
    return {
      ...errorResult(
        `${t('groupsOutcomeUnknown', described, t('groupsDeleteUnknownFlag'), listErrorText(error))} ${t('groupsDeleteUnknownHint')}`,
      ),
      settingsLink,
    };
  if (error.code === 'REJECTED') {
    const words = group.deleteOutcomeUnknown !== undefined ? 'groupsRetryDeleteGone' : 'groupsDeleteRefused';
    return { kind: 'error', text: t(words, described, listErrorText(error)), offer: { kind: 'forget', group } };
  }
  return {
    kind: 'error',
    text: t('groupsNotDeleted', described, listErrorText(error)),
    offer: { kind: 'forget', group },
    row: { key: groupKey(group), text: t('groupsRowNotDeleted', messageText(error.message)) },
    settingsLink,
  };
}
