import { fail, ok, type Result } from '../result';
import type { ConnectionRepository, ConnectionUpdate } from '../connection/connection-repository';
import { releaseUnusedAccess } from '../connection/host-access';
import { text } from '../message-ref';
import { EMPTY_STORED_CREDENTIALS, projectLinkSettingSchema } from '../storage/connection/connection-schema';
import { SECRET_FIELDS } from '../secrets';
import { bindCredentials } from '../storage/credentials/credential-origins';
import { CREDENTIALS_VERSION } from '../storage/credentials/credentials-items';
import { CREDENTIALS_STORAGE_NAME } from '../storage/credentials/credentials-keys';
import { inCredentialsLane } from '../storage/credentials/credentials-lane';
import { isLockedNow } from '../storage/credentials/keyring';
import { neverUsed } from '../storage/credentials/never-used';
import { policySecrets } from '../storage/credentials/policy-secrets';
import { lockedError } from '../storage/lock/lock-keys';
import { closeForStorage, type CredentialsAtRest } from '../storage/credentials/sealed-credentials';
import type { Workspace } from '../storage/workspaces/workspace-index-schema';
import { workspaceKey, workspaceScope } from '../storage/workspace-keys';
import { isManaged } from '../workspaces/managed-workspaces';
import { managedByPolicy, unknownWorkspace, type WorkspaceIndexStore } from '../workspaces/workspace-index-store';
import { decryptSetupFile, type SetupFileContents } from './decrypt-setup-file';
import type { SetupImportProblem } from './setup-import-problem';
import { writeSetupFile } from './write-setup-file';
import { createSerialQueue } from '../async/serial-queue';
import { failureDetail, NO_ACTIVITY, outcomeOf, type ActivityRecorder } from '../activity/activity-recorder';

export interface SetupFilesDeps {
  index: WorkspaceIndexStore;
  /** The connection of a listed workspace (undefined when it is not listed). */
  connectionOf: (workspaceId: string) => Promise<ConnectionRepository | undefined>;
  /** The addresses the workspaces other than this one use: host access they need stays. */
  addressesElsewhere: (workspaceId: string) => Promise<string[]>;
  /** The activity log: workspaces imported or replaced from a file (never what the file holds). */
  activity?: ActivityRecorder;
  /**
   * Removes what is left of a workspace that left the list (its services, its keys): after an import
   * took the place of an unused one. Without it, only the list changes.
   */
  discard?: (workspaceId: string) => Promise<void>;
}

/** A workspace's addresses (an API it does not use is ''). */
export interface Addresses {
  projectApiUrl: string;
  userGroupBaseUrl: string;
}

/**
 * What an import did: added or replaced a workspace (with the addresses the passphrase authenticated,
 * for which the page then asks host access), found one of the same name (its addresses now and the
 * file's, for the page to show before replacing), or a problem with the file.
 */
export type SetupImport =
  | { status: 'imported'; workspace: Workspace; replaced: boolean; addresses: Addresses }
  | { status: 'exists'; workspace: Workspace; current: Addresses; incoming: Addresses }
  | { status: 'problem'; problem: SetupImportProblem };

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The connection a setup file describes: its secrets in `local:`, each bound to its API's origin, and
 * its project link when it carries one (without, a replaced workspace keeps its own).
 */
function connectionFromFile({ workspace, secrets }: SetupFileContents): ConnectionUpdate {
  return {
    userGroupBaseUrl: workspace.userGroupBaseUrl ?? '',
    projectApiUrl: workspace.projectApiUrl,
    secretsArea: 'local',
    apiKey: secrets.apiKey,
    authToken: secrets.authToken,
    apiToken: secrets.apiToken ?? '',
    ...(workspace.projectLink !== undefined && { projectLink: workspace.projectLink }),
  };
}

/** A new workspace's settings, project link and secrets (sealed while the passphrase lock is on), with WXT's version entries: written with the index in one call. */
function firstEntries(
  id: string,
  connection: ConnectionUpdate,
  credentials: CredentialsAtRest,
): Record<string, unknown> {
  const settingsKey = workspaceKey(id, 'connectionSettings');
  const credentialsKey = workspaceKey(id, CREDENTIALS_STORAGE_NAME);
  const linkKey = workspaceKey(id, 'projectLink');
  const { userGroupBaseUrl, projectApiUrl, secretsArea, projectLink } = connection;
  return {
    [settingsKey]: { userGroupBaseUrl, projectApiUrl, secretsArea },
    [`${settingsKey}$`]: { v: 1 },
    [credentialsKey]: credentials,
    [`${credentialsKey}$`]: { v: CREDENTIALS_VERSION },
    ...(projectLink !== undefined && {
      [linkKey]: projectLinkSettingSchema.parse({ template: projectLink }),
      [`${linkKey}$`]: { v: 1 },
    }),
  };
}

/** Export and import of setup files (design.md §8). Secrets go into a file only as ciphertext. */
export function createSetupFiles({
  index,
  connectionOf,
  addressesElsewhere,
  activity = NO_ACTIVITY,
  discard,
}: SetupFilesDeps) {
  const serially = createSerialQueue();

  /** An import that added or replaced a workspace, or failed; one that only found a namesake changed nothing. */
  async function recorded(result: Result<SetupImport>): Promise<Result<SetupImport>> {
    if (result.ok && result.value.status === 'exists') return result;
    const imported = result.ok && result.value.status === 'imported' ? result.value : undefined;
    await activity.record({
      kind: imported?.replaced ? 'workspaceReplaced' : 'workspaceImported',
      outcome: result.ok && !imported ? 'failed' : outcomeOf(result),
      ...(imported && { workspace: { id: imported.workspace.id, name: imported.workspace.name } }),
      ...failureDetail(result),
    });
    return result;
  }

  /** The user's workspaces that were never used (a fresh install's "Workspace 1"): an import replaces them. */
  async function unusedWorkspaces(): Promise<string[]> {
    const { workspaces } = (await index.read()).index;
    const unused: string[] = [];
    for (const workspace of workspaces)
      if (!isManaged(workspace) && (await neverUsed(workspaceScope(workspace.id)))) unused.push(workspace.id);
    return unused;
  }

  return {
    async exportFile(
      workspaceId: string,
      passphrase: string,
      includeUserGroupApi: boolean,
    ): Promise<Result<{ text: string }>> {
      if (await isLockedNow()) return lockedError();
      const workspace = await index.find(workspaceId);
      const repository = await connectionOf(workspaceId);
      if (!workspace || !repository) return unknownWorkspace();
      // Only the secrets bound to the configured origins: a secret is never written for another address.
      const connection = await repository.load();
      if (!connection.projectApiUrl || !connection.apiKey || !connection.authToken) {
        return fail('NOT_CONFIGURED', text('errorSetupNeedsProjectApi'));
      }
      if (includeUserGroupApi && (!connection.userGroupBaseUrl || !connection.apiToken)) {
        return fail('NOT_CONFIGURED', text('errorSetupNoUserGroupApi'), { field: 'includeUserGroupApi' });
      }
      // The organisation's secrets stay in this browser unless its policy says they may go into a file.
      const policy = await policySecrets(workspaceId);
      const carried = includeUserGroupApi ? SECRET_FIELDS : SECRET_FIELDS.filter((field) => field !== 'apiToken');
      if (!policy.exportAllowed && carried.some((field) => policy.fixed.includes(field))) {
        return fail('INVALID_INPUT', text('errorSetupPolicySecrets'));
      }
      const { userGroupBaseUrl, projectApiUrl, apiKey, authToken, apiToken } = connection;
      // The project link travels too (not a secret): a reviewer set up from the file sees Open project.
      const projectLink = await repository.projectLink();
      const written = await writeSetupFile(
        {
          workspace: { name: workspace.name, projectApiUrl, userGroupBaseUrl, projectLink },
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

    importFile: async (fileText: string, passphrase: string, replace: boolean) =>
      recorded(await importFile(fileText, passphrase, replace)),
  };

  function importFile(fileText: string, passphrase: string, replace: boolean): Promise<Result<SetupImport>> {
    return serially(async (): Promise<Result<SetupImport>> => {
      // Closed, the lock could not seal the file's secrets: the user unlocks first.
      if (await isLockedNow()) return fail('LOCKED', text('errorLockedImportSetup'));
      const contents = await decryptSetupFile(fileText, passphrase);
      if (!contents.ok) return ok({ status: 'problem' as const, problem: contents.problem.code });
      const connection = connectionFromFile(contents.value);
      const addresses = { projectApiUrl: connection.projectApiUrl, userGroupBaseUrl: connection.userGroupBaseUrl };
      const name = contents.value.workspace.name;
      const existing = (await index.read()).index.workspaces.find((workspace) => sameName(workspace.name, name));
      // A workspace the organization's policy provides keeps the policy's connection.
      if (existing && isManaged(existing)) return managedByPolicy();
      const repository = existing && (await connectionOf(existing.id));
      if (existing && !repository) return unknownWorkspace();
      if (existing && repository && !replace) {
        const { projectApiUrl, userGroupBaseUrl } = await repository.load();
        return ok({
          status: 'exists',
          workspace: existing,
          current: { projectApiUrl, userGroupBaseUrl },
          incoming: addresses,
        });
      }
      if (existing && repository) {
        // Only the connection and its secrets change: the registry, history and bulk job stay.
        await repository.save(connection, async (previous, next) => {
          const elsewhere = await addressesElsewhere(existing.id);
          await releaseUnusedAccess(
            [previous.userGroupBaseUrl, previous.projectApiUrl],
            [next.userGroupBaseUrl, next.projectApiUrl, ...elsewhere],
          );
        });
        await index.use(existing.id);
        return ok({ status: 'imported', workspace: existing, replaced: true, addresses });
      }
      // In the credentials lane, like every write of a secret: a lock turning on meanwhile seals these too.
      // Unused workspaces leave the list in the same write: a fresh install imports into one workspace,
      // not beside an empty "Workspace 1" (and the popup then offers no workspace that cannot register).
      let replacing: string[] = [];
      const created = await inCredentialsLane(async () => {
        if (await isLockedNow()) return undefined;
        replacing = await unusedWorkspaces();
        const credentials = await closeForStorage(bindCredentials(EMPTY_STORED_CREDENTIALS, connection));
        return index.createWith(name, (id) => firstEntries(id, connection, credentials), replacing);
      });
      if (!created) return fail('LOCKED', text('errorLockedImportSetup'));
      if (!created.ok) return ok({ status: 'problem', problem: 'bad-name' });
      // What the replaced ones left (version entries, a connection without addresses) goes too.
      for (const id of replacing) await discard?.(id);
      return ok({ status: 'imported', workspace: created.value, replaced: false, addresses });
    });
  }
}

export type SetupFiles = ReturnType<typeof createSetupFiles>;
