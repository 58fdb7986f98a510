import { errorResult, successResult } from '@/components/action-result';
import { type Environment } from '@/lib/environment';
import { t } from '@/lib/i18n';
import type { ResponseOfDefinition } from '@/lib/messaging/define-message';
import type { createUserGroup } from '@/lib/messaging/messages/user-group-messages';
import type { Result } from '@/lib/result';
import { groupKey } from '@/lib/storage/registry/registry-schema';
import { describeGroup } from './describe-group';
import type { Outcome } from './outcome';
import { messageText } from '@/lib/message-ref';

interface CreateRequest {
  name: string;
  userGroupId: string;
  environment: Environment;
}

/**
 * What the page says after a create (the form's, or Create again of an unsettled one). A lost answer
 * says the group may exist, and where it is now listed (the background records it there). A success
 * names the group and carries what Copy token copies (the reason one creates a group) and the row the
 * list shows first.
 */
export function createOutcome(
  request: CreateRequest,
  result: Result<ResponseOfDefinition<typeof createUserGroup>>,
): Outcome {
  if (!result.ok) {
    const message = result.error.maybeProcessed
      ? t(
          'groupsCreateUnknown',
          describeGroup(request.name.trim(), request.environment, request.userGroupId.trim()),
          messageText(result.error.message),
        )
      : messageText(result.error.message);
    return errorResult(message);
  }
  const { group, created } = result.value;
  const described = describeGroup(group.name, group.environment, group.provided_id);
  return {
    ...successResult(created ? t('groupsCreated', described) : t('groupsAlreadyExisted', described)),
    created: { key: groupKey(group), token: group.token, name: group.name },
  };
}
