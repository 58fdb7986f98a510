import {
  EMPTY_STORED_CREDENTIALS,
  type ConnectionSettings,
  type Credentials,
} from '@/lib/storage/connection/connection-schema';
import { bindCredentials } from '@/lib/storage/credentials/credential-origins';
import { CREDENTIALS_VERSION } from '@/lib/storage/credentials/credentials-items';
import { CREDENTIALS_STORAGE_NAME } from '@/lib/storage/credentials/credentials-keys';
import { releaseUnusedAccess } from '@/lib/connection/host-access';
import { isLockedNow } from '@/lib/storage/credentials/keyring';
import { lockedError } from '@/lib/storage/credentials/lock-keys';
import { closeForStorage, type CredentialsAtRest } from '@/lib/storage/credentials/sealed-credentials';
import type { ResponseOf } from '@/lib/messaging/protocol';
import type { Handlers } from '@/lib/messaging/router';
import { fail, ok, type Result } from '@/lib/result';
import { decryptSetupFile, type SetupFileContents } from '@/lib/setup-file/decrypt-setup-file';
import { writeSetupFile } from '@/lib/setup-file/write-setup-file';
import { isManaged } from '@/lib/workspaces/managed-workspaces';
import { managedByPolicy, unknownWorkspace } from '@/lib/workspaces/workspace-index-store';
import { workspaceKey } from '@/lib/storage/workspace-keys';
import type { Workspaces } from './workspaces';
import { text } from '@/lib/message-ref';

type SetupFileHandlers = Pick<Handlers, 'exportSetupFile' | 'importSetupFile'>;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The connection a setup file describes: its secrets in `local:`, each bound to its API's origin. */
function connectionOf({ workspace, secrets }: SetupFileContents): ConnectionSettings & Credentials {
  return {
    userGroupBaseUrl: workspace.userGroupBaseUrl ?? '',
    projectApiUrl: workspace.projectApiUrl,
    secretsArea: 'local',
    apiKey: secrets.apiKey,
    authToken: secrets.authToken,
    apiToken: secrets.apiToken ?? '',
  };
}

/** A new workspace's settings and secrets (sealed while the passphrase lock is on), with WXT's version entries: written with the index in one call. */
function firstEntries(
  id: string,
  connection: ConnectionSettings & Credentials,
  credentials: CredentialsAtRest,
): Record<string, unknown> {
  const settingsKey = workspaceKey(id, 'connectionSettings');
  const credentialsKey = workspaceKey(id, CREDENTIALS_STORAGE_NAME);
  const { userGroupBaseUrl, projectApiUrl, secretsArea } = connection;
  return {
    [settingsKey]: { userGroupBaseUrl, projectApiUrl, secretsArea },
    [`${settingsKey}$`]: { v: 1 },
    [credentialsKey]: credentials,
    [`${credentialsKey}$`]: { v: CREDENTIALS_VERSION },
  };
}

/** Export and import of setup files (design.md §8). Secrets go into a file only as ciphertext. */
export function createSetupFileHandlers(workspaces: Workspaces): SetupFileHandlers {
  let tail: Promise<unknown> = Promise.resolve();
  function serially<T>(task: () => Promise<Result<T>>): Promise<Result<T>> {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  }

  return {
    async exportSetupFile({ workspaceId, passphrase, includeUserGroupApi }) {
      if (await isLockedNow()) return lockedError();
      const workspace = await workspaces.index.find(workspaceId);
      const opened = await workspaces.open(workspaceId);
      if (!workspace || !opened.ok) return unknownWorkspace();
      // Only the secrets bound to the configured origins: a secret is never written for another address.
      const connection = await opened.value.services.connection().load();
      if (!connection.projectApiUrl || !connection.apiKey || !connection.authToken) {
        return fail('NOT_CONFIGURED', text('errorSetupNeedsProjectApi'));
      }
      if (includeUserGroupApi && (!connection.userGroupBaseUrl || !connection.apiToken)) {
        return fail('NOT_CONFIGURED', text('errorSetupNoUserGroupApi'), { field: 'includeUserGroupApi' });
      }
      const { userGroupBaseUrl, projectApiUrl, apiKey, authToken, apiToken } = connection;
      const written = await writeSetupFile(
        {
          workspace: { name: workspace.name, projectApiUrl, userGroupBaseUrl },
          secrets: { apiKey, authToken, apiToken },
          includeUserGroupApi,
        },
        passphrase,
      );
      if (written.ok) return ok({ text: written.value });
      if (written.problem.code === 'weak-passphrase')
        return fail('INVALID_INPUT', text('lockTooShort'), { field: 'passphrase' });
      return fail('INVALID_INPUT', text('errorSetupUnwritable'));
    },

    importSetupFile: ({ text: fileText, passphrase, replace }) =>
      serially<ResponseOf<'importSetupFile'>>(async () => {
        // Closed, the lock could not seal the file's secrets: the user unlocks first.
        if (await isLockedNow()) return fail('LOCKED', text('errorLockedImportSetup'));
        const contents = await decryptSetupFile(fileText, passphrase);
        if (!contents.ok) return ok({ status: 'problem' as const, problem: contents.problem.code });
        const connection = connectionOf(contents.value);
        const name = contents.value.workspace.name;
        const existing = (await workspaces.index.read()).index.workspaces.find((workspace) =>
          sameName(workspace.name, name),
        );
        // A workspace the organization's policy provides keeps the policy's connection.
        if (existing && isManaged(existing)) return managedByPolicy();
        if (existing && !replace) return ok({ status: 'exists' as const, workspace: existing });
        if (existing) {
          const opened = await workspaces.open(existing.id);
          if (!opened.ok) return opened;
          // Only the connection and its secrets change: the registry, history and bulk job stay.
          await opened.value.services.connection().save(connection, async (previous, next) => {
            const elsewhere = await workspaces.addressesElsewhere(existing.id);
            await releaseUnusedAccess(
              [previous.userGroupBaseUrl, previous.projectApiUrl],
              [next.userGroupBaseUrl, next.projectApiUrl, ...elsewhere],
            );
          });
          await workspaces.index.use(existing.id);
          return ok({ status: 'imported' as const, workspace: existing, replaced: true });
        }
        const credentials = await closeForStorage(bindCredentials(EMPTY_STORED_CREDENTIALS, connection));
        const created = await workspaces.index.createWith(name, (id) => firstEntries(id, connection, credentials));
        if (!created.ok) return ok({ status: 'problem' as const, problem: 'bad-name' as const });
        return ok({ status: 'imported' as const, workspace: created.value, replaced: false });
      }),
  };
}
