import { browser } from 'wxt/browser';
import {
  LAST_USED_WORKSPACE_KEY,
  scopedName,
  WORKSPACE_ID_PATTERN,
  WORKSPACE_INDEX_KEY,
  workspaceScope,
} from './workspace-keys';

// The options page's first reads, started by its first chunk (entrypoints/options/main.ts) before React,
// zod and the page's UI are even loaded: the workspace list, then the stored index of the workspace the
// page will most likely show (its first screen at #groups). No zod here: what comes back is kept as it
// came and checked by the store that uses it (workspace-store.ts, user-group-store.ts), so validation
// stays at the boundary. Each read is taken once; a store that finds none (or the wrong workspace's)
// reads for itself, as it would without this module.

type Stored = Record<string, unknown>;

interface Started {
  /** storage.local's answer for the workspace list and the last used workspace; undefined if it failed. */
  workspaces?: Promise<Stored | undefined>;
  /** The stored index (`ws.<id>.userGroupIndex`, unchecked) of the workspace the page will likely show. */
  index?: Promise<{ workspaceId: string; stored: unknown } | undefined>;
}

let started: Started = {};
/** The workspace list or the last used workspace changed after the early read: it is not handed over. */
let workspacesChanged = false;

function onChanged(changes: Record<string, unknown>, area: string) {
  if (area === 'local' && (WORKSPACE_INDEX_KEY in changes || LAST_USED_WORKSPACE_KEY in changes))
    workspacesChanged = true;
}

const idsOf = (stored: Stored | undefined): string[] => {
  const list = (stored?.[WORKSPACE_INDEX_KEY] as { workspaces?: unknown } | undefined)?.workspaces;
  return Array.isArray(list)
    ? list.flatMap((workspace: unknown) => {
        const id = (workspace as { id?: unknown } | null)?.id;
        return typeof id === 'string' && WORKSPACE_ID_PATTERN.test(id) ? [id] : [];
      })
    : [];
};

/**
 * The workspace the page will show, as workspace-store.ts chooses it (the linked one, else the last used,
 * else the first), from the unchecked list: only a guess, which the store confirms with the checked list.
 */
export function likelyWorkspace(stored: Stored | undefined, linked: string | null): string | undefined {
  const ids = idsOf(stored);
  const lastUsed = stored?.[LAST_USED_WORKSPACE_KEY];
  return [linked, lastUsed].find((id): id is string => typeof id === 'string' && ids.includes(id)) ?? ids[0];
}

const readIndex = async (workspaceId: string) => {
  const name = scopedName(workspaceScope(workspaceId), 'userGroupIndex');
  return { workspaceId, stored: (await browser.storage.local.get(name))[name] };
};

/**
 * Starts the reads (`search`: the page's `?ws=`). A linked workspace's index is read alongside the list,
 * not after it; otherwise the index follows the list.
 */
export function startOptionsReads(search: string): void {
  workspacesChanged = false;
  browser.storage.onChanged.addListener(onChanged);
  const linked = new URLSearchParams(search).get('ws');
  const workspaces = browser.storage.local.get([WORKSPACE_INDEX_KEY, LAST_USED_WORKSPACE_KEY]).then(
    (stored: Stored) => stored,
    () => undefined,
  );
  const linkedIndex = linked !== null && WORKSPACE_ID_PATTERN.test(linked) ? readIndex(linked) : undefined;
  const index = workspaces.then((stored) => {
    const workspaceId = likelyWorkspace(stored, linked);
    if (workspaceId === undefined) return undefined;
    return workspaceId === linked && linkedIndex ? linkedIndex : readIndex(workspaceId);
  });
  started = { workspaces, index: index.catch(() => undefined) };
}

function stopFollowing() {
  if (!started.workspaces && !started.index) browser.storage.onChanged.removeListener(onChanged);
}

/** The early workspace read, once; undefined when there was none, it failed, or the list changed since. */
export async function takeEarlyWorkspaces(): Promise<Stored | undefined> {
  const early = started.workspaces;
  started.workspaces = undefined;
  stopFollowing();
  const stored = await early;
  return workspacesChanged ? undefined : stored;
}

/**
 * The early read of `workspaceId`'s stored index, once: it resolves to `{ stored }`, or to undefined when
 * it read another workspace's or none. Undefined (not a promise) when no read was started: the caller
 * then reads at once, without waiting a turn.
 */
export function takeEarlyIndex(workspaceId: string): Promise<{ stored: unknown } | undefined> | undefined {
  const early = started.index;
  started.index = undefined;
  stopFollowing();
  return early?.then((read) => (read?.workspaceId === workspaceId ? { stored: read.stored } : undefined));
}
