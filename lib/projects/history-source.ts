import { browser } from 'wxt/browser';
import { projectHistorySchema, type HistoryEntry } from './history-schema';

/**
 * The history as pages read it: straight from `storage.local`, without @wxt-dev/storage (the popup's
 * size budget has no room for it). Only the background writes, through projectHistoryItem (which
 * migrates old versions when the worker starts); pages validate what they read.
 */
export const PROJECT_HISTORY_KEY = 'projectHistory';

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

export async function readStoredHistory(): Promise<StoredHistory> {
  try {
    const stored = await browser.storage.local.get(PROJECT_HISTORY_KEY);
    return parseStoredHistory(stored[PROJECT_HISTORY_KEY]);
  } catch {
    return { entries: [], unreadable: true };
  }
}

/** Calls back with the new history whenever the background changes it; returns the unsubscribe. */
export function watchStoredHistory(onChange: (history: StoredHistory) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const change = changes[PROJECT_HISTORY_KEY];
    if (area === 'local' && change) onChange(parseStoredHistory(change.newValue));
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
