import { browser } from 'wxt/browser';
import { watchKeys } from '../watch-item';

// The activity log is the extension's, not a workspace's: it outlives the workspaces it names.

/** The index (activity-schema.ts `activityHeadSchema`). */
export const ACTIVITY_HEAD_KEY = 'activityLog';
/** `activityLog.000042`: a page of entries. */
export const activityPageKey = (page: number) => `${ACTIVITY_HEAD_KEY}.${String(page).padStart(6, '0')}`;
const PAGE_KEY = /^activityLog\.(\d{6,})$/;

/** The page id of a storage key, or undefined for any other key. */
export function pageOfKey(key: string): number | undefined {
  const match = PAGE_KEY.exec(key);
  return match ? Number(match[1]) : undefined;
}

/** The stored index and the pages it names, as stored (not yet checked); `pages`: only those asked for. */
export async function readActivityValues(
  pages?: (head: unknown) => readonly number[],
): Promise<{ head: unknown; pages: Map<number, unknown> }> {
  const head = (await browser.storage.local.get(ACTIVITY_HEAD_KEY))[ACTIVITY_HEAD_KEY];
  const wanted = pages ? pages(head) : [];
  const stored = wanted.length > 0 ? await browser.storage.local.get(wanted.map(activityPageKey)) : {};
  return { head, pages: new Map(wanted.map((page) => [page, stored[activityPageKey(page)]])) };
}

/** Calls back with the keys of the log a write changed (the index and pages), and their new values. */
export function watchActivityValues(callback: (changed: Map<string, unknown>) => void): () => void {
  return watchKeys(
    (key, area) => area === 'local' && (key === ACTIVITY_HEAD_KEY || pageOfKey(key) !== undefined),
    (changes) => callback(new Map(Object.entries(changes).map(([key, change]) => [key, change.newValue]))),
  );
}
