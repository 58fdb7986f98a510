import { browser } from 'wxt/browser';
import { activityPageKey, ACTIVITY_HEAD_KEY, watchActivityValues } from './activity-keys';
import { activityHeadOf, activityPageSchema, headPages } from './activity-schema';
import { walkChain, type ActivityVerification, type StoredChain } from './activity-chain';
import { rowOf, storedHash, type StoredRow } from './activity-rows';

/** The rows of a stored page (none when it cannot be read). */
function rowsOfPage(value: unknown): StoredRow[] {
  const parsed = activityPageSchema.safeParse(value);
  return parsed.success ? parsed.data.entries.map(rowOf) : [];
}

/**
 * The activity log as a page reads it (it holds no secret): every kept entry, oldest first, as stored,
 * each checked on its own, so that one bad entry costs only itself and verification sees it as it is.
 */
export interface StoredActivity {
  /** What storage holds, in page order: the entry (or what is left of one removed with its workspace), and the value as stored. */
  rows: StoredRow[];
  /** Entries older than the kept ones, folded into a count. */
  folded: number;
  /** The index could not be read: the pages are shown as found. */
  unreadable: boolean;
}

/** Every kept entry of the log in one read (the index and its pages together). */
export async function readStoredActivity(): Promise<StoredActivity> {
  return storedActivityIn(await browser.storage.local.get(null));
}

/** The log in everything storage holds. */
function storedActivityIn(all: Record<string, unknown>): StoredActivity {
  const head = activityHeadOf(all[ACTIVITY_HEAD_KEY]);
  const pages = head
    ? headPages(head)
    : Object.keys(all)
        .map((key) => /^activityLog\.(\d{6,})$/.exec(key)?.[1])
        .filter((page): page is string => page !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
  const rows = pages.flatMap((page) => rowsOfPage(all[activityPageKey(page)]));
  return {
    rows,
    folded: head ? head.folded.count : 0,
    unreadable: all[ACTIVITY_HEAD_KEY] !== undefined && !head,
  };
}

/**
 * The same, newest pages first, in steps: the first call back comes after the index and the newest
 * page (so the list shows at once, however long the log), each next one with older pages before
 * them. Reading 20,000 entries in one call takes seconds in Chrome; a page of 100 takes milliseconds.
 * Resolves with the whole log; `cancelled()` stops it between steps.
 */
export async function loadStoredActivity(
  onStep: (stored: StoredActivity, complete: boolean) => void,
  cancelled: () => boolean = () => false,
): Promise<void> {
  const headValue = (await browser.storage.local.get(ACTIVITY_HEAD_KEY))[ACTIVITY_HEAD_KEY];
  const head = activityHeadOf(headValue);
  if (!head) {
    // No index (or one that cannot be read): everything there is, in one read.
    const all = await readStoredActivity();
    if (!cancelled()) onStep(all, true);
    return;
  }
  const pages = headPages(head);
  let rows: StoredActivity['rows'] = [];
  let loaded = pages.length;
  let step = 1;
  while (loaded > 0 && !cancelled()) {
    const from = Math.max(0, loaded - step);
    const wanted = pages.slice(from, loaded);
    const stored = await browser.storage.local.get(wanted.map(activityPageKey));
    const older = wanted.flatMap((page) => rowsOfPage(stored[activityPageKey(page)]));
    rows = [...older, ...rows];
    loaded = from;
    // Pages hold 20 entries (100 in logs written before 2026-11-26): up to 5,000 entries a read.
    step = Math.min(step * 4, 250);
    if (!cancelled()) onStep({ rows, folded: head.folded.count, unreadable: false }, loaded === 0);
  }
  if (pages.length === 0 && !cancelled()) onStep({ rows: [], folded: head.folded.count, unreadable: false }, true);
}

/** Calls back on every write of the log (the background appends; every tab follows). */
export const watchStoredActivity = (callback: () => void): (() => void) => watchActivityValues(() => callback());

/** The log as verification reads it: its index, its rows, each row's hash (asked for all at once). */
export async function readStoredChain(): Promise<StoredChain> {
  const all = await browser.storage.local.get(null);
  const { rows } = storedActivityIn(all);
  // Every hash asked for at once: WebCrypto answers each in a later task, and 20,000 awaited one
  // after another would each wait their turn; side by side they overlap.
  const hashes = await Promise.all(
    rows.map((row) => (row.entry || row.stub ? storedHash(row.raw) : Promise.resolve(''))),
  );
  const stored: unknown = all[ACTIVITY_HEAD_KEY];
  return {
    head: activityHeadOf(stored),
    headUnreadable: stored !== undefined && !activityHeadOf(stored),
    rows,
    hashes,
  };
}

/** Walks the stored chain (activity-chain.ts): what it proves, and what it cannot, is said there. */
export const verifyStoredActivity = async (): Promise<ActivityVerification> => walkChain(await readStoredChain());
