import type { StorageItemKey } from '@wxt-dev/storage';

// The one module that names per-workspace storage keys. Types only besides tiny functions: the popup
// imports it, and no page bundle may contain the name of the credentials' key as a string
// (test/check-build-contents.ts), so names appear here as a type, never as a list.

/** Workspace ids: short random ids (new-workspace-id.ts), checked wherever one arrives. */
export const WORKSPACE_ID_PATTERN = /^[a-z0-9-]{1,36}$/;

/** What a workspace keeps in storage, each under its scope (`ws.<id>.userGroups.007`). */
export type WorkspaceItemName =
  | 'connectionSettings'
  | 'credentials'
  | 'userGroupRegistry'
  | `userGroups.${string}`
  | `userGroupTokens.${string}`
  | 'userGroupsFormat'
  | 'userGroupUnsettledCreates'
  | 'userGroupIndex'
  | 'projectHistory'
  | 'bulkCreateJob'
  | 'bulkCreateRows'
  | 'registerPagesJob'
  | 'registerPagesRows'
  | 'apiHealth'
  | 'lastRegistryExport'
  | 'tokenRotation'
  | 'rotationResults'
  | 'projectLink';

/**
 * The start of every key of one workspace: `ws.<id>.`. The empty scope is where versions before
 * workspaces kept the same items; only the upgrade (upgrade-to-workspaces.ts) reads it.
 */
export type KeyScope = '' | `ws.${string}.`;
export const LEGACY_SCOPE: KeyScope = '';
export const workspaceScope = (workspaceId: string): KeyScope => `ws.${workspaceId}.`;

/** The key as browser.storage names it: `ws.<id>.projectHistory`. */
export const scopedName = (scope: KeyScope, name: WorkspaceItemName): string => `${scope}${name}`;

/** The key as @wxt-dev/storage names it: `local:ws.<id>.projectHistory`. */
export const scopedKey = (
  scope: KeyScope,
  name: WorkspaceItemName,
  area: 'local' | 'session' = 'local',
): StorageItemKey => `${area}:${scope}${name}`;

/** `workspaceKey('a1b2c3d4', 'userGroups.007')` → `ws.a1b2c3d4.userGroups.007`. */
export const workspaceKey = (workspaceId: string, name: WorkspaceItemName): string =>
  scopedName(workspaceScope(workspaceId), name);

/** The list of workspaces, and the one the popup, the context menu and the shortcut use: not per workspace. */
export const WORKSPACE_INDEX_KEY = 'workspaces';
export const LAST_USED_WORKSPACE_KEY = 'lastUsedWorkspace';
