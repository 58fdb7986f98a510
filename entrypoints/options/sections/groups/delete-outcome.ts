import { errorResult } from '@/components/action-result';
import { t } from '@/lib/i18n';
import type { AppError } from '@/lib/result';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { describeGroup } from './describe-group';
import type { Outcome } from './outcome';
import { listErrorText } from './list-error-text';

/**
 * What the page says after a failed delete. A lost answer: the background flagged the group, and its
 * row offers Retry delete and Remove from this browser only. A refusal keeps the group and offers
 * removing it from this browser only; after an unanswered delete, a refusal most likely means the
 * service no longer knows the group, and the message says so.
 */
export function deleteFailure(group: RegistryEntry, error: AppError): Outcome {
  const described = describeGroup(group.name, group.environment, group.provided_id);
  if (error.maybeProcessed) return errorResult(t('groupsDeleteUnknown', described, listErrorText(error)));
  const gone = group.deleteOutcomeUnknown !== undefined && error.code === 'REJECTED';
  const message = gone
    ? t('groupsRetryDeleteGone', described, listErrorText(error))
    : t('groupsNotDeleted', described, listErrorText(error));
  return { kind: 'error', text: message, offer: { kind: 'forget', group } };
}
