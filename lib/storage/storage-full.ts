import { browser } from 'wxt/browser';
import { text, type MessageRef } from '../message-ref';
import { localBytesInUse } from './storage-usage';
import { registryPartName } from './registry/registry-parts';
import { REGISTRY_BUCKET_COUNT } from './registry/registry-buckets';
import { WORKSPACE_INDEX_KEY, workspaceKey } from './workspace-keys';

/**
 * What a browser says when a storage write finds no room: Chrome's "QUOTA_BYTES quota exceeded" (and
 * its other quotas), Firefox's QuotaExceededError from IndexedDB ("…exceeded its quota…"), and a full
 * disk under either ("No space left on device", Chrome's FILE_ERROR_NO_SPACE).
 */
const NO_ROOM = /QUOTA_BYTES|quota|no space left|FILE_ERROR_NO_SPACE|ENOSPC|disk (is )?full/i;

/** Whether a rejected storage write means that storage is full. */
export function isStorageFull(error: unknown): boolean {
  if (typeof error === 'string') return NO_ROOM.test(error);
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'QuotaExceededError' || (typeof message === 'string' && NO_ROOM.test(message));
}

/** Megabytes to one decimal (at least 0.1 for anything stored), as the page writes them in its language. */
const megabytes = (bytes: number) => (bytes > 0 ? Math.max(0.1, Math.round((bytes / (1024 * 1024)) * 10) / 10) : 0);

interface WorkspaceUse {
  name: string;
  groups: number;
  history: number;
}

async function useOf(id: string, name: string): Promise<WorkspaceUse> {
  const registry = [
    ...Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => workspaceKey(id, registryPartName(index))),
    workspaceKey(id, 'userGroupUnsettledCreates'),
  ];
  return {
    name,
    groups: await localBytesInUse(registry),
    history: await localBytesInUse([workspaceKey(id, 'projectHistory')]),
  };
}

/**
 * The text for a write refused for want of room (a named text, errorStorageFull): how much the extension
 * stores, and what the workspace of the change (else the largest) holds in user groups and project
 * history, with what to export and what to clear. Only reads: they work when storage is full.
 */
export async function storageFullText(workspaceId?: string): Promise<MessageRef> {
  const stored = await browser.storage.local.get(null);
  const total = await localBytesInUse(Object.keys(stored));
  const index = (stored[WORKSPACE_INDEX_KEY] as { workspaces?: { id: string; name: string }[] } | undefined)
    ?.workspaces;
  const workspaces = await Promise.all((index ?? []).map(({ id, name }) => useOf(id, name)));
  const own = (index ?? []).findIndex(({ id }) => id === workspaceId);
  const described =
    workspaces[own] ??
    workspaces.reduce<WorkspaceUse | undefined>(
      (largest, each) => (!largest || each.groups + each.history > largest.groups + largest.history ? each : largest),
      undefined,
    );
  return text(
    'errorStorageFull',
    megabytes(total),
    described?.name ?? '',
    megabytes(described?.groups ?? 0),
    megabytes(described?.history ?? 0),
  );
}
