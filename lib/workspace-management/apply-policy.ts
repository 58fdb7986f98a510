import type { ConnectionRepository, ConnectionUpdate } from '../connection/connection-repository';
import { readConnectionSettingsOf } from '../storage/connection/connection-settings-item';
import { storedPolicyStatus, type PolicyStatus } from '../storage/policy-status';
import {
  legacyManagedFingerprint,
  managedSettingsFingerprint,
  managedWorkspaceId,
} from '../workspaces/managed-workspaces';
import type { ManagedWorkspace } from '../policy/policy-schema';
import { originOf } from '../url/origin-of';
import type { WorkspaceIndexStore } from '../workspaces/workspace-index-store';
import { readPolicy, type GetManaged } from '../policy/read-policy';
import { createSerialQueue } from '../async/serial-queue';
import { canonicalJson } from '../hash/sha256';

export interface PolicyApplierDeps {
  index: WorkspaceIndexStore;
  /** The connection of a listed workspace (undefined when it is not listed). */
  connectionOf: (workspaceId: string) => Promise<ConnectionRepository | undefined>;
  getManaged?: GetManaged | undefined;
}

const SECRET_NAMES = ['apiKey', 'authToken', 'apiToken'] as const;
type SecretName = (typeof SECRET_NAMES)[number];
/**
 * Whether the policy's values for a workspace changed since they were last written into its connection:
 * what is not secret by its fingerprint (a status of version 1, a hash of every value, compared as it
 * was, once), a secret by the one the connection holds for the policy's address (a connection its user
 * moved to another address keeps that edit). Locked by the passphrase, the stored secrets cannot be
 * read: no difference is seen, and the policy is applied again once unlocked.
 */
async function policyChanged(
  stored: PolicyStatus | undefined,
  id: string,
  entry: ManagedWorkspace,
  connection: ConnectionRepository,
): Promise<boolean> {
  const before = stored?.appliedSettings?.[id];
  if (before === undefined) return stored?.applied?.[id] !== legacyManagedFingerprint(entry);
  if (before !== managedSettingsFingerprint(entry)) return true;
  if (await connection.locked()) return false;
  const current = await connection.load();
  return SECRET_NAMES.some((name) => {
    const address = name === 'apiToken' ? 'userGroupBaseUrl' : 'projectApiUrl';
    const set = entry[name].trim();
    return set !== '' && originOf(current[address]) === originOf(entry[address]) && current[name] !== set;
  });
}

/**
 * Whether a save may change a locked managed workspace: only with the addresses the policy set (as
 * stored) and only secrets the policy leaves for the user to type.
 */
export async function lockedSaveAllowed(workspaceId: string, request: ConnectionUpdate): Promise<boolean> {
  const [settings, status] = await Promise.all([
    readConnectionSettingsOf([workspaceId]).then((found) => found.get(workspaceId)),
    storedPolicyStatus.read(),
  ]);
  const fixed = status?.fixed?.[workspaceId];
  if (!settings || !fixed) return false;
  const sameAddresses =
    request.projectApiUrl.trim() === settings.projectApiUrl &&
    request.userGroupBaseUrl.trim() === settings.userGroupBaseUrl;
  return sameAddresses && SECRET_NAMES.every((secret) => !fixed.includes(secret) || request[secret] === '');
}

/**
 * Reads the organisation policy and applies it: its workspaces join the index (first, marked), and
 * each one's addresses and secrets are written into its connection, where the background serves them
 * like the user's own (origin-bound: a policy secret is used only with the policy's address). While
 * unlocked, a workspace's connection is written only when the policy's values for it change, so a
 * user's edits last until the administrator changes that workspace. Runs one read at a time; a
 * failure is logged (without values) and the next start or policy change tries again.
 */
export function createPolicyApplier({ index, connectionOf, getManaged }: PolicyApplierDeps) {
  async function apply(): Promise<void> {
    const policy = await readPolicy(getManaged);
    const listed = await index.applyPolicy(policy);
    if (!listed.ok) throw new Error(listed.error.code);
    const stored = await storedPolicyStatus.read();
    const appliedSettings: Record<string, string> = {};
    const fixed: Record<string, SecretName[]> = {};
    const projectLinks: string[] = [];
    for (const entry of policy.workspaces) {
      const id = managedWorkspaceId(entry.name);
      const connection = await connectionOf(id);
      if (connection && (policy.locked || (await policyChanged(stored, id, entry, connection)))) {
        const { projectApiUrl, userGroupBaseUrl, apiKey, authToken, apiToken, projectLink } = entry;
        // A policy without a project link leaves the user's own (undefined keeps the stored one).
        await connection.save({
          projectApiUrl,
          userGroupBaseUrl,
          apiKey,
          authToken,
          apiToken,
          secretsArea: 'local',
          ...(projectLink !== undefined && { projectLink }),
        });
      }
      appliedSettings[id] = managedSettingsFingerprint(entry);
      fixed[id] = SECRET_NAMES.filter((secret) => entry[secret] !== '');
      if (entry.projectLink !== undefined) projectLinks.push(id);
    }
    // The first time a policy brings workspaces, one of them is what the popup opens on, unless the
    // user's last used workspace is set up (its connection saved).
    const [firstManaged] = listed.value;
    const appliedBefore = { ...stored?.applied, ...stored?.appliedSettings };
    if (Object.keys(appliedBefore).length === 0 && firstManaged?.managed) {
      const { lastUsed } = await index.read();
      if (!(await readConnectionSettingsOf([lastUsed])).has(lastUsed)) await index.use(firstManaged.id);
    }
    const status: PolicyStatus = {
      locked: policy.locked,
      ...(policy.allowSecretExport && { allowSecretExport: true }),
      ...(policy.tokenRotation && { tokenRotation: policy.tokenRotation }),
      problems: policy.problems,
      appliedSettings,
      fixed,
      ...(projectLinks.length > 0 && { projectLinks }),
    };
    // Applied at every start of the worker: an unchanged status is not written again (a storage write
    // at every wake, in the queue of the reads that the popup's first answer waits for). Compared
    // whatever the order of its keys: Chrome gives a stored object back with its keys sorted.
    if (canonicalJson(status) !== canonicalJson(stored)) await storedPolicyStatus.write(status);
  }

  const serially = createSerialQueue();
  return (): Promise<void> =>
    serially(apply).catch((error: unknown) => {
      console.error(
        `Review Companion: the organisation policy could not be applied (${error instanceof Error ? error.name : 'unknown'}).`,
      );
    });
}
