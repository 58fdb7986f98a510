import { browser } from 'wxt/browser';
import { scopedName, type KeyScope } from '../workspace-keys';
import { projectHistorySchema, type HistoryEntry } from './history-schema';

/**
 * A workspace's history as pages read it: straight from `storage.local`, without @wxt-dev/storage (the
 * popup's size budget has no room for it). Only the background writes, through projectHistoryItemFor;
 * pages validate what they read.
 */
export const projectHistoryName = (scope: KeyScope) => scopedName(scope, 'projectHistory');

export interface StoredHistory {
  /** Oldest first, as stored. */
  entries: HistoryEntry[];
  /** Stored data of the wrong shape; the background keeps it aside and resets it on its next write. */
  unreadable: boolean;
}

export function parseStoredHistory(value: unknown): StoredHistory {
  if (value === undefined || value === null) return { entries: [], unreadable: false };
  const parsed = projectHistorySchema.safeParse(value);
  return parsed.success ? { entries: parsed.data, unreadable: false } : { entries: [], unreadable: true };
}

export async function readStoredHistory(scope: KeyScope): Promise<StoredHistory> {
  const name = projectHistoryName(scope);
  try {
    const stored = await browser.storage.local.get(name);
    return parseStoredHistory(stored[name]);
  } catch {
    return { entries: [], unreadable: true };
  }
}

/** Calls back with the new history whenever the background changes it; returns the unsubscribe. */
export function watchStoredHistory(scope: KeyScope, onChange: (history: StoredHistory) => void): () => void {
  const name = projectHistoryName(scope);
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const change = changes[name];
    if (area === 'local' && change) onChange(parseStoredHistory(change.newValue));
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
