import { describeConnection, type ConnectionStatus } from '@/lib/connection/connection-status';
import type { Connection, ConnectionRepository } from '@/lib/connection/connection-repository';
import { findMissingAccess, releaseUnusedAccess } from '@/lib/connection/host-access';
import { urlProblemMessage } from '@/lib/api/service-address-problem';
import { checkServiceUrl } from '@/lib/api/service-address';
import { isLockedNow } from '@/lib/storage/credentials/keyring';
import { lockedError } from '@/lib/storage/credentials/lock-keys';
import { fail, ok, type Result } from '@/lib/result';
import { readStorageNotices } from '@/lib/storage/notices-item';
import type { WorkspaceHandlers } from './workspace-dispatch';

export type ConnectionHandlers = Pick<
  WorkspaceHandlers,
  'getConnectionStatus' | 'saveConnection' | 'forgetCredentials'
>;

/** `locked`: this workspace's secrets are sealed and the passphrase lock is closed. */
async function statusOf(connection: Connection, locked = false): Promise<Result<ConnectionStatus>> {
  const missing = await findMissingAccess([connection.userGroupBaseUrl, connection.projectApiUrl]);
  return ok(describeConnection(connection, missing, await readStorageNotices(), locked));
}

/** An empty address means that API is not used; a typed one must pass the same rules as in the page. */
function normaliseUrl(raw: string): ReturnType<typeof checkServiceUrl> {
  return raw.trim() ? checkServiceUrl(raw) : { ok: true, url: '' };
}

/**
 * One workspace's connection. `addressesElsewhere`: the addresses the other workspaces use, whose
 * host access a save here must not give back.
 */
export function createConnectionHandlers(
  repository: ConnectionRepository,
  addressesElsewhere: () => Promise<string[]> = () => Promise.resolve([]),
): ConnectionHandlers {
  return {
    async getConnectionStatus() {
      return statusOf(await repository.load(), await repository.locked());
    },
    async saveConnection(request) {
      // Closed, the passphrase lock can neither keep the sealed secrets nor seal new ones.
      if (await isLockedNow()) return lockedError();
      const userGroupBaseUrl = normaliseUrl(request.userGroupBaseUrl);
      if (!userGroupBaseUrl.ok)
        return fail('INVALID_INPUT', urlProblemMessage(userGroupBaseUrl.problem), { field: 'userGroupBaseUrl' });
      const projectApiUrl = normaliseUrl(request.projectApiUrl);
      if (!projectApiUrl.ok)
        return fail('INVALID_INPUT', urlProblemMessage(projectApiUrl.problem), { field: 'projectApiUrl' });
      // Access to an address no longer configured is given back, within the save's turn of the queue
      // so that a later save cannot configure it again in between.
      const saved = await repository.save(
        { ...request, userGroupBaseUrl: userGroupBaseUrl.url, projectApiUrl: projectApiUrl.url },
        async (previous, next) => {
          await releaseUnusedAccess(
            [previous.userGroupBaseUrl, previous.projectApiUrl],
            [next.userGroupBaseUrl, next.projectApiUrl, ...(await addressesElsewhere())],
          );
        },
      );
      return statusOf(saved);
    },
    async forgetCredentials() {
      await repository.forget();
      return statusOf(await repository.load(), await repository.locked());
    },
  };
}
