import { browser } from 'wxt/browser';
import { activityPageKey, ACTIVITY_HEAD_KEY, watchActivityValues } from './activity-keys';
import {
  activityEntrySchema,
  activityHeadOf,
  activityPageSchema,
  headPages,
  type ActivityEntry,
} from './activity-schema';
import { entryHash } from './activity-store';

/**
 * The activity log as a page reads it (it holds no secret): every kept entry, oldest first, as stored,
 * each checked on its own, so that one bad entry costs only itself and verification sees it as it is.
 */
export interface StoredActivity {
  /** What storage holds, in page order: the entry when it reads as one, and the value as stored. */
  rows: { entry: ActivityEntry | null; raw: unknown }[];
  /** Entries older than the kept ones, folded into a count. */
  folded: number;
  /** The index could not be read: the pages are shown as found. */
  unreadable: boolean;
}

/** Every kept entry of the log in one read (the index and its pages together). */
export async function readStoredActivity(): Promise<StoredActivity> {
  const all = await browser.storage.local.get(null);
  const head = activityHeadOf(all[ACTIVITY_HEAD_KEY]);
  const pages = head
    ? headPages(head)
    : Object.keys(all)
        .map((key) => /^activityLog\.(\d{6,})$/.exec(key)?.[1])
        .filter((page): page is string => page !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
  const rows: StoredActivity['rows'] = [];
  for (const page of pages) {
    const parsed = activityPageSchema.safeParse(all[activityPageKey(page)]);
    for (const raw of parsed.success ? parsed.data.entries : []) {
      const entry = activityEntrySchema.safeParse(raw);
      rows.push({ entry: entry.success ? entry.data : null, raw });
    }
  }
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
    const older: StoredActivity['rows'] = [];
    for (const page of wanted) {
      const parsed = activityPageSchema.safeParse(stored[activityPageKey(page)]);
      for (const raw of parsed.success ? parsed.data.entries : []) {
        const entry = activityEntrySchema.safeParse(raw);
        older.push({ entry: entry.success ? entry.data : null, raw });
      }
    }
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

/** What verifying the chain found: every entry intact, or the first that is not (its number, or its position). */
export type ActivityVerification =
  | { ok: true; count: number }
  | { ok: false; seq: number | undefined; position: number; reason: 'edited' | 'removed' | 'unreadable' };

/**
 * Walks the chain: each entry's `prev` must be the SHA-256 of the entry before it (for the first kept
 * entry, the hash of the last folded one), numbers must follow one another, and the index's
 * `lastHash` must be the hash of the newest entry (entries removed at the end break it too).
 */
export async function verifyStoredActivity(): Promise<ActivityVerification> {
  const all = await browser.storage.local.get(null);
  const head = activityHeadOf(all[ACTIVITY_HEAD_KEY]);
  const { rows } = await readStoredActivity();
  if (!head) {
    if (rows.length === 0 && all[ACTIVITY_HEAD_KEY] === undefined) return { ok: true, count: 0 };
    return { ok: false, seq: undefined, position: 0, reason: 'unreadable' };
  }
  // Every entry's hash asked for at once: WebCrypto answers each in a later task, and 20,000 awaited
  // one after another would each wait their turn; side by side they overlap.
  const hashes = await Promise.all(rows.map(({ entry, raw }) => (entry ? entryHash(raw) : Promise.resolve(''))));
  let expected = head.folded.lastHash;
  let expectedSeq = head.folded.count + 1;
  for (const [index, { entry, raw }] of rows.entries()) {
    const seq = entry?.seq ?? (raw as { seq?: unknown } | null)?.seq;
    const named = typeof seq === 'number' ? seq : undefined;
    if (!entry) return { ok: false, seq: named, position: index + 1, reason: 'unreadable' };
    if (entry.seq !== expectedSeq)
      return {
        ok: false,
        seq: entry.seq > expectedSeq ? expectedSeq : entry.seq,
        position: index + 1,
        reason: 'removed',
      };
    if (entry.prev !== expected) {
      // Its predecessor was changed (or this entry's link was): the break is the entry before.
      return index === 0
        ? { ok: false, seq: entry.seq, position: 1, reason: 'edited' }
        : { ok: false, seq: entry.seq - 1, position: index, reason: 'edited' };
    }
    expected = hashes[index]!;
    expectedSeq += 1;
  }
  if (expected !== head.lastHash || rows.length !== head.count) {
    const last = rows.at(-1)?.entry;
    return {
      ok: false,
      seq: last ? last.seq : head.folded.count + 1,
      position: rows.length,
      reason: rows.length < head.count ? 'removed' : 'edited',
    };
  }
  return { ok: true, count: rows.length };
}
