import { messageText } from '@/lib/message-ref';
import { sendMessage } from '@/lib/messaging/client';
import { revealGroupToken } from '@/lib/messaging/messages/registry-transfer-messages';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { unlockAndRetry } from '../../shared/unlock-in-place';

/** A token read, with the dates of the entry it was read from (which rotation it belongs to). */
export interface TokenRead {
  token: string;
  version: Pick<RegistryEntry, 'lastRotatedAt' | 'issuedAt'>;
}

/** A token, or one the page could not get: why, in words, or nothing to say (the user cancelled the unlock). */
export type TokenAnswer = TokenRead | { problem?: string };

const versionOf = ({ lastRotatedAt, issuedAt }: TokenRead['version']): TokenRead['version'] => ({
  lastRotatedAt,
  ...(issuedAt !== undefined && { issuedAt }),
});

/**
 * A group's token for Show and Copy token. The page's list holds no token (the background keeps them
 * in keys only it reads), so the background answers with it; with the lock on it opens the sealed one,
 * and while locked it answers LOCKED, and the user is offered to unlock in place, after which the
 * action carries on. A token the page was given (a create's answer) is used as it is. `action` names the button that asked ("Show", "Copy token").
 */
export async function readGroupToken(workspaceId: string, group: RegistryEntry, action: string): Promise<TokenAnswer> {
  if (group.token !== '') return { token: group.token, version: versionOf(group) };
  const answer = await unlockAndRetry(action, () =>
    sendMessage(revealGroupToken, {
      workspaceId,
      environment: group.environment,
      userGroupId: group.provided_id,
    }),
  );
  if (answer.ok) return { token: answer.value.token, version: versionOf(answer.value) };
  // Cancelled: the user chose not to unlock; the row stays as it was.
  if (answer.error.code === 'LOCKED') return {};
  return { problem: messageText(answer.error.message) };
}
