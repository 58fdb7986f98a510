import { browser } from 'wxt/browser';
import { writeArea } from '../area-write';
import { watchKeys } from '../watch-item';
import { LAST_USED_WORKSPACE_KEY, WORKSPACE_INDEX_KEY } from '../workspace-keys';
import { workspaceIndexSchema, type WorkspaceIndex } from './workspace-index-schema';

// `local:workspaces` (the list, workspace-index-schema.ts) and `local:lastUsedWorkspace` (the one the
// popup, the context menu and the shortcut use). Written only by the background's index store
// (lib/workspaces/workspace-index-store.ts); pages read them (workspace-source.ts).

/** Both values as stored: the list checked (absent when there is none or it is unreadable), the last used id if it is one. */
export interface StoredWorkspaceIndex {
  index?: WorkspaceIndex;
  lastUsed?: string;
}

/** Both values from one storage answer (`storage.local.get` of both keys). */
export function parseWorkspaceIndex(stored: Record<string, unknown>): StoredWorkspaceIndex {
  const index = workspaceIndexSchema.safeParse(stored[WORKSPACE_INDEX_KEY]);
  const lastUsed = stored[LAST_USED_WORKSPACE_KEY];
  return { ...(index.success && { index: index.data }), ...(typeof lastUsed === 'string' && { lastUsed }) };
}

export async function readWorkspaceIndex(): Promise<StoredWorkspaceIndex> {
  return parseWorkspaceIndex(await browser.storage.local.get([WORKSPACE_INDEX_KEY, LAST_USED_WORKSPACE_KEY]));
}

/**
 * Writes the list (checked first) and the last used workspace in one storage call, with `alongside`:
 * other `storage.local` values of the same change (a new workspace's first data), stored together or not at all.
 */
export async function writeWorkspaceIndex(
  index: WorkspaceIndex,
  lastUsed: string,
  alongside: Record<string, unknown> = {},
): Promise<void> {
  await writeArea('local', {
    ...alongside,
    [WORKSPACE_INDEX_KEY]: workspaceIndexSchema.parse(index),
    [LAST_USED_WORKSPACE_KEY]: lastUsed,
  });
}

/** Calls back whenever the list or the last used workspace changes; returns the unsubscribe. */
export const watchWorkspaceIndex = (callback: () => void): (() => void) =>
  watchKeys(
    (key, area) => area === 'local' && (key === WORKSPACE_INDEX_KEY || key === LAST_USED_WORKSPACE_KEY),
    callback,
  );
