import { browser } from 'wxt/browser';
import { text, type MessageRef } from '../message-ref';
import { megabytes, utf8Length } from './storage-usage';
import { workspaceScope } from './workspace-keys';
import { parseWorkspaceIndex } from './workspaces/workspace-index-item';

/**
 * What a browser says when a storage write finds no room: Chrome's "QUOTA_BYTES quota exceeded" (and
 * its other quotas), Firefox's QuotaExceededError from IndexedDB ("…exceeded its quota…"), and a full
 * disk under either ("No space left on device", Chrome's FILE_ERROR_NO_SPACE, ENOSPC).
 */
const NO_ROOM = /quota|no.space|ENOSPC|disk.*full/i;

/** Whether a rejected storage write means that storage is full. */
export function isStorageFull(error: unknown): boolean {
  if (typeof error === 'string') return NO_ROOM.test(error);
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  return name === 'QuotaExceededError' || (typeof message === 'string' && NO_ROOM.test(message));
}

/**
 * The text for a write refused for want of room (errorStorageFull): how much the extension stores, and
 * what the workspace of the change (else the first) holds in user groups and project history. Sizes
 * are counted as Chrome's getBytesInUse counts them (each key and its value as JSON, in UTF-8), from one
 * read: reads work when storage is full.
 */
export async function storageFullText(workspaceId?: string): Promise<MessageRef> {
  const stored = await browser.storage.local.get(null);
  const sizes = Object.entries(stored).map(
    ([key, value]) => [key, utf8Length(key) + utf8Length(JSON.stringify(value))] as const,
  );
  const sum = (keep: (key: string) => boolean) =>
    sizes.reduce((total, [key, size]) => (keep(key) ? total + size : total), 0);
  const index = parseWorkspaceIndex(stored).index?.workspaces ?? [];
  // A message of the extension as a whole (the lock, a setup file) names the first workspace.
  const shown = index.find(({ id }) => id === workspaceId) ?? index[0];
  const scope = shown ? workspaceScope(shown.id) : undefined;
  return text(
    'errorStorageFull',
    megabytes(sum(() => true)),
    shown?.name ?? '',
    megabytes(sum((key) => key.startsWith(`${scope}userGroup`))),
    megabytes(sum((key) => key === `${scope}projectHistory`)),
  );
}
