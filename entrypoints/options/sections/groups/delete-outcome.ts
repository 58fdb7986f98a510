import { errorResult } from '@/components/action-result';
import { t } from '@/lib/i18n';
import type { AppError } from '@/lib/result';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { describeGroup } from './describe-group';
import type { Outcome } from './outcome';
import { listErrorText } from './list-error-text';

/**
 * What the page says after a failed delete. A lost answer: the background flagged the group, and its
 * row offers Retry delete and Remove from this browser only. A refusal by the service (success: 0)
 * flags the group too, since the service may no longer know it; after an unanswered delete, a refusal
 * most likely means exactly that. Any other failure keeps the group as it was. Each offers removing it
 * from this browser only.
 */
export function deleteFailure(group: RegistryEntry, error: AppError): Outcome {
  const described = describeGroup(group.name, group.environment, group.provided_id);
  if (error.maybeProcessed) return errorResult(t('groupsDeleteUnknown', described, listErrorText(error)));
  const refused = error.code === 'REJECTED';
  // A refusal of a retry: the earlier delete most likely went through. A first refusal: the background
  // flagged the group (a re-sent copy of the delete may have gone through), and the message says so.
  // A retry refused after a lost rotation too: the stored token may simply be the old one (found by the
  // 1,000-step chaos run), so the page does not say the delete went through.
  const message =
    refused && group.deleteOutcomeUnknown !== undefined
      ? t(group.rotation ? 'groupsRetryDeleteAmbiguous' : 'groupsRetryDeleteGone', described, listErrorText(error))
      : refused
        ? t('groupsDeleteRefused', described, listErrorText(error))
        : t('groupsNotDeleted', described, listErrorText(error));
  return { kind: 'error', text: message, offer: { kind: 'forget', group } };
}
