import { browser } from 'wxt/browser';
import { removeFromArea, writeArea } from '../area-write';
import { connectionSettingsSchema } from '../connection/connection-schema';
import { credentialsItemsFor } from './credentials-items';
import { migrateStoredBulkJob } from '../bulk-job/bulk-job-migration';
import { setAsideUnreadable } from '../validated-item';
import { loadRegistryParts } from './registry-load';
import { newWorkspaceId } from '../workspaces/new-workspace-id';
import { workspaceIndexSchema, type Workspace, type WorkspaceIndex } from '../workspaces/workspace-index-schema';
import { writeWorkspaceIndex } from '../workspaces/workspace-index-item';
import { workspaceStorageNames } from './workspace-item-names';
import {
  LEGACY_SCOPE,
  WORKSPACE_ID_PATTERN,
  WORKSPACE_INDEX_KEY,
  workspaceScope,
  type KeyScope,
} from '../workspace-keys';
import { checkWorkspaceName, defaultWorkspaceName, hostName } from '../workspaces/workspace-name';
import { storedNamesOf } from './stored-names';

const LEGACY = workspaceStorageNames(LEGACY_SCOPE);

/** The same values under a workspace's scope: `credentials` → `ws.<id>.credentials`. */
const moved = (values: Record<string, unknown>, scope: KeyScope) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [`${scope}${name}`, value]));

/** The ids that have keys in an area (`ws.<id>.…`), in the order first seen. */
async function idsWithKeys(area: 'local' | 'session'): Promise<string[]> {
  const keys = await storedNamesOf(area);
  const ids = keys
    .map((key) => /^ws\.([^.]+)\./.exec(key)?.[1])
    .filter((id): id is string => id !== undefined && WORKSPACE_ID_PATTERN.test(id));
  return [...new Set(ids)];
}

/** Leftovers of an upgrade stopped after its copy (they were copied in the same call that wrote the index). */
function removeLegacyKeys(): Promise<unknown> {
  return Promise.all([removeFromArea('local', LEGACY.local), removeFromArea('session', LEGACY.session)]);
}

/** A workspace's name: the host of its stored addresses, else (or when taken) "Workspace N". */
function nameOf(settings: unknown, named: Workspace[]): string {
  const parsed = connectionSettingsSchema.safeParse(settings);
  const host = hostName(parsed.success ? [parsed.data.projectApiUrl, parsed.data.userGroupBaseUrl] : []);
  return host && checkWorkspaceName(host, named).ok ? host : defaultWorkspaceName(named);
}

/**
 * The single connection, registry, history and bulk job of the versions before workspaces become the
 * first workspace. First the legacy keys are brought to their latest format (each step is safe to
 * repeat); then one `storage.local.set` writes every value under `ws.<id>.` together with the index;
 * then the legacy keys are removed. Secrets kept in `session` move first, in their own call: no call
 * spans both areas. A stop before the local set leaves the legacy keys, and the next run reuses the id
 * of any secrets already moved; a stop after it leaves only leftovers to remove.
 */
async function upgradeFromLegacy(now: Date): Promise<void> {
  const credentials = credentialsItemsFor(LEGACY_SCOPE);
  await Promise.all([credentials.local.getMeta(), credentials.session.getMeta()]);
  let stamp = 0;
  await loadRegistryParts(LEGACY_SCOPE, () => `upgrade:${(stamp += 1)}`);
  await migrateStoredBulkJob(LEGACY_SCOPE);

  const [local, session, [movedBefore]] = await Promise.all([
    browser.storage.local.get(LEGACY.local),
    browser.storage.session.get(LEGACY.session),
    idsWithKeys('session'),
  ]);
  const id = movedBefore ?? newWorkspaceId();
  const scope = workspaceScope(id);
  if (Object.keys(session).length > 0) await writeArea('session', moved(session, scope));
  const index: WorkspaceIndex = {
    workspaces: [{ id, name: nameOf(local.connectionSettings, []), createdAt: now.toISOString() }],
  };
  await writeWorkspaceIndex(index, id, moved(local, scope));
  await removeLegacyKeys();
}

/** The index is gone or unreadable but workspaces' data is there: each gets an entry again, nothing is dropped. */
async function rebuildIndex(ids: string[], now: Date): Promise<void> {
  const settings = await browser.storage.local.get(ids.map((id) => `${workspaceScope(id)}connectionSettings`));
  const workspaces: Workspace[] = [];
  for (const id of ids)
    workspaces.push({
      id,
      name: nameOf(settings[`${workspaceScope(id)}connectionSettings`], workspaces),
      createdAt: now.toISOString(),
    });
  await writeWorkspaceIndex({ workspaces }, ids[0]!);
}

/**
 * Runs in the background before anything else reads storage, one step at a time (the index store's
 * queue). With a readable index it only removes upgrade leftovers, without waiting for that (nothing
 * reads the legacy keys). An unreadable index is kept aside with a notice, never dropped, and rebuilt.
 */
export async function prepareWorkspaces(now = new Date()): Promise<void> {
  const stored: unknown = (await browser.storage.local.get(WORKSPACE_INDEX_KEY))[WORKSPACE_INDEX_KEY];
  if (stored !== undefined && workspaceIndexSchema.safeParse(stored).success) {
    void removeLegacyKeys().catch(() => undefined);
    return;
  }
  if (stored !== undefined)
    await setAsideUnreadable(`local:${WORKSPACE_INDEX_KEY}`, stored, 'storedWorkspaceList', { keepCorruptCopy: true });
  const ids = await idsWithKeys('local');
  if (ids.length > 0) await rebuildIndex(ids, now);
  else await upgradeFromLegacy(now);
}
