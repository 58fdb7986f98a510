import { describeConnection, type ConnectionStatus } from '@/lib/connection/connection-status';
import { forgetCredentials, loadConnection, saveConnection, type Connection } from '@/lib/connection/connection-repository';
import { findMissingAccess, releaseUnusedAccess } from '@/lib/connection/host-access';
import { checkServiceUrl } from '@/lib/connection/validate-connection';
import type { Handlers } from '@/lib/messaging/router';
import { fail, ok, type Result } from '@/lib/result';
import { readStorageNotices } from '@/lib/storage/notices-item';

async function statusOf(connection: Connection): Promise<Result<ConnectionStatus>> {
  const missing = await findMissingAccess([connection.userGroupBaseUrl, connection.projectApiUrl]);
  return ok(describeConnection(connection, missing, await readStorageNotices()));
}

/** An empty address means that API is not used; a typed one must pass the same rules as in the page. */
function normaliseUrl(raw: string): { ok: true; url: string } | { ok: false; message: string } {
  return raw.trim() ? checkServiceUrl(raw) : { ok: true, url: '' };
}

export const connectionHandlers: Pick<Handlers, 'getConnectionStatus' | 'saveConnection' | 'forgetCredentials'> = {
  async getConnectionStatus() {
    return statusOf(await loadConnection());
  },
  async saveConnection(request) {
    const userGroupBaseUrl = normaliseUrl(request.userGroupBaseUrl);
    if (!userGroupBaseUrl.ok) return fail('INVALID_INPUT', userGroupBaseUrl.message, { field: 'userGroupBaseUrl' });
    const projectApiUrl = normaliseUrl(request.projectApiUrl);
    if (!projectApiUrl.ok) return fail('INVALID_INPUT', projectApiUrl.message, { field: 'projectApiUrl' });
    // Access to an address no longer configured is given back, within the save's turn of the queue
    // so that a later save cannot configure it again in between.
    const saved = await saveConnection({ ...request, userGroupBaseUrl: userGroupBaseUrl.url, projectApiUrl: projectApiUrl.url }, async (previous, next) => {
      await releaseUnusedAccess([previous.userGroupBaseUrl, previous.projectApiUrl], [next.userGroupBaseUrl, next.projectApiUrl]);
    });
    return statusOf(saved);
  },
  async forgetCredentials() {
    await forgetCredentials();
    return statusOf(await loadConnection());
  },
};
