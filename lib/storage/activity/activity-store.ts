import type { StorageItemKey } from '@wxt-dev/storage';
import { removeFromArea } from '../area-write';
import { browser } from 'wxt/browser';
import { createSerialQueue } from '../../async/serial-queue';
import { setAsideUnreadable } from '../validated-item';
import { stageIn, writePrepared, type PreparedWrite, type StagedWrite } from '../staged-write';
import {
  ACTIVITY_HEAD_KEY,
  activityPageKey,
  pageOfKey,
  readActivityValues,
  watchActivityValues,
} from './activity-keys';
import {
  ACTIVITY_LIMIT,
  ACTIVITY_PAGE_SIZE,
  activityEntrySchema,
  activityHeadOf,
  activityHeadSchema,
  activityPageSchema,
  EMPTY_HEAD,
  GENESIS_HASH,
  headPages,
  type ActivityCheckpoint,
  type ActivityHead,
  type ActivityRecord,
} from './activity-schema';
import { entryHash, storedHash } from './activity-rows';
import { clearedLog, withoutWorkspace, type LogRewrite } from './activity-rewrites';

const entriesOf = (value: unknown): unknown[] => {
  const parsed = activityPageSchema.safeParse(value);
  return parsed.success ? parsed.data.entries : [];
};
const seqOf = (entry: unknown) => (entry as { seq?: unknown } | undefined)?.seq;

/**
 * An index rebuilt from the pages found in storage, when the stored one is missing or unreadable and
 * pages exist: recording goes on, and verification judges the entries as they are.
 */
async function rebuildHead(): Promise<ActivityHead> {
  const all = await browser.storage.local.get(null);
  const pages = Object.keys(all)
    .map(pageOfKey)
    .filter((page): page is number => page !== undefined)
    .sort((a, b) => a - b);
  const entries = pages.flatMap((page) => entriesOf(all[activityPageKey(page)]));
  if (entries.length === 0) return EMPTY_HEAD;
  const first = entries[0] as { seq?: unknown; prev?: unknown };
  const last = entries.at(-1);
  const lastSeq = seqOf(last);
  const firstSeq = typeof first.seq === 'number' ? first.seq : 1;
  return {
    v: 2,
    firstPage: pages[0]!,
    count: entries.length,
    nextSeq: (typeof lastSeq === 'number' ? lastSeq : entries.length) + 1,
    nextPage: pages.at(-1)! + 1,
    lastHash: await storedHash(last),
    folded: {
      count: Math.max(0, firstSeq - 1),
      lastHash: typeof first.prev === 'string' && /^[0-9a-f]{64}$/.test(first.prev) ? first.prev : GENESIS_HASH,
    },
  };
}

export interface ActivityStoreOptions {
  /** The newest entries kept (ACTIVITY_LIMIT); older ones are folded. */
  limit?: number;
  pageSize?: number;
}

/**
 * The activity log's one writer (the background): appends run one after another, each numbered,
 * chained to the one before (`prev`), and persisted before it resolves. An append writes the index
 * and the last page (and, past the limit, the oldest page it folds): its cost does not grow with the
 * log. The index and the pages at either end are kept in memory between appends; a write by anyone
 * else (a test, someone editing storage) arrives without this writer's stamp and drops that copy.
 */
export function createActivityStore(options: ActivityStoreOptions = {}) {
  const limit = options.limit ?? ACTIVITY_LIMIT;
  const pageSize = options.pageSize ?? ACTIVITY_PAGE_SIZE;
  const writerId = crypto.randomUUID();
  let writes = 0;
  const serially = createSerialQueue();
  let cached: { head: ActivityHead; pages: Map<number, unknown[]> } | undefined;
  const removedByUs = new Set<string>();

  watchActivityValues((changed) => {
    for (const [key, value] of changed) {
      if (value === undefined && removedByUs.delete(key)) continue;
      const stamp = (value as { revision?: unknown } | undefined)?.revision;
      if (typeof stamp !== 'string' || !stamp.startsWith(`${writerId}:`)) cached = undefined;
    }
  });

  async function load(): Promise<{ head: ActivityHead; pages: Map<number, unknown[]> }> {
    if (cached) return cached;
    const { head: stored } = await readActivityValues();
    let head: ActivityHead;
    const parsed = activityHeadOf(stored);
    if (parsed) head = parsed;
    else {
      // Kept aside, never dropped: it is part of what a verification looks at.
      if (stored !== undefined && stored !== null)
        await setAsideUnreadable(`local:${ACTIVITY_HEAD_KEY}`, stored, 'storedActivityLog', { keepCorruptCopy: true });
      head = await rebuildHead();
    }
    cached = { head, pages: new Map() };
    return cached;
  }

  async function pageEntries(state: { pages: Map<number, unknown[]> }, page: number): Promise<unknown[]> {
    let entries = state.pages.get(page);
    if (!entries) {
      const key = activityPageKey(page);
      entries = entriesOf((await browser.storage.local.get(key))[key]);
      state.pages.set(page, entries);
    }
    return entries;
  }

  /**
   * The append of one entry (numbered and chained here), ready to store, and how to take the outcome;
   * `rewrite` (clearing the log, removing a workspace's entries) gives the state it appends to, the
   * pages it rewrote and the pages it no longer names, all stored in the same call.
   */
  async function prepare(record: ActivityRecord, rewrite?: LogRewrite): Promise<PreparedWrite<null>> {
    const state = rewrite?.state ?? (await load());
    const { head } = state;
    const entry = activityEntrySchema.parse({ ...record, seq: head.nextSeq, prev: head.lastHash });
    const hash = await entryHash(entry);
    let { firstPage, nextPage } = head;
    const touched = new Map<number, unknown[]>(rewrite?.pages);
    const entriesOfPage = async (page: number) => touched.get(page) ?? (await pageEntries(state, page));
    let last = nextPage > firstPage ? nextPage - 1 : undefined;
    let lastEntries = last === undefined ? [] : await entriesOfPage(last);
    if (last === undefined || lastEntries.length >= pageSize) {
      last = nextPage;
      nextPage += 1;
      lastEntries = [];
    }
    touched.set(last, [...lastEntries, entry]);
    let count = head.count + 1;
    let folded = head.folded;
    const removed: number[] = [...(rewrite?.dropped ?? [])];
    // Past the limit, the oldest entries go; the hash of the last of them stays for the chain.
    while (count > limit && firstPage < nextPage) {
      const first = firstPage;
      const entries = await entriesOfPage(first);
      const drop = Math.min(count - limit, entries.length);
      if (drop > 0) folded = { count: folded.count + drop, lastHash: await storedHash(entries[drop - 1]) };
      count -= drop;
      if (drop === entries.length) {
        firstPage += 1;
        removed.push(first);
        touched.delete(first);
      } else touched.set(first, entries.slice(drop));
    }
    const revision = `${writerId}:${(writes += 1)}`;
    const next: ActivityHead = {
      ...head,
      v: 2,
      firstPage,
      count,
      nextSeq: entry.seq + 1,
      nextPage,
      lastHash: hash,
      folded,
      revision,
    };
    // The index and its pages in one call: stored together or not at all.
    const entries: { key: StorageItemKey; value: unknown }[] = [
      { key: `local:${ACTIVITY_HEAD_KEY}`, value: activityHeadSchema.parse(next) },
    ];
    for (const [page, pageEntriesNow] of touched)
      entries.push({ key: `local:${activityPageKey(page)}`, value: { entries: pageEntriesNow, revision } });
    return {
      entries,
      result: null,
      async stored() {
        // The pages this writer holds: the newest (appends) and the oldest (folds), no more.
        const pages = new Map<number, unknown[]>();
        for (const page of [firstPage, nextPage - 1]) {
          const held = touched.get(page) ?? state.pages.get(page);
          if (held && !removed.includes(page)) pages.set(page, held);
        }
        cached = { head: next, pages };
        if (removed.length > 0) {
          const keys = removed.map(activityPageKey);
          for (const key of keys) removedByUs.add(key);
          // A page no index names is never read: a worker stopped before this leaves only dead weight.
          await removeFromArea('local', keys);
        }
      },
      notStored() {
        cached = undefined;
      },
    };
  }

  return {
    /** Appends one entry (numbered and chained here). Rejects only when storage refuses the write. */
    append: (record: ActivityRecord): Promise<void> =>
      serially(async () => {
        await writePrepared(await prepare(record));
      }),

    /**
     * The append prepared and held (no other append runs) until it is written with other stores'
     * changes in one storage call (staged-write.ts): a job's row and its entry stored together.
     */
    stage: (record: ActivityRecord): Promise<StagedWrite<null>> => stageIn(serially, () => prepare(record)),

    /**
     * Clears the log: every kept entry goes, and the clearing is the first entry of the new log, which
     * records the checkpoint it replaced (`entryFor`). Numbers go on from there, so an entry's number
     * names one entry for the life of the log, and an export made before still meets its own numbers.
     */
    clear: (entryFor: (replaced: ActivityCheckpoint, removed: number) => ActivityRecord) =>
      serially(async () => {
        const { head } = await load();
        const cleared = clearedLog(head);
        await writePrepared(await prepare(entryFor(cleared.replaced, head.count), cleared.rewrite));
        return { removed: head.count, replaced: cleared.replaced };
      }),

    /**
     * Removes every kept entry that names the workspace, keeping its number and hashes
     * (activity-rows.ts, `ActivityStub`), and appends `entryFor(removed)` (its deletion) in the same
     * storage call: the chain verifies before and after. Resolves with how many were removed.
     */
    removeWorkspace: (workspaceId: string, entryFor: (removed: number) => ActivityRecord) =>
      serially(async () => {
        const state = await load();
        const pages = headPages(state.head);
        const stored = pages.length > 0 ? await browser.storage.local.get(pages.map(activityPageKey)) : {};
        const found = pages.map((page): [number, unknown[]] => [
          page,
          state.pages.get(page) ?? entriesOf(stored[activityPageKey(page)]),
        ]);
        const { pages: rewritten, removed } = await withoutWorkspace(found, workspaceId);
        await writePrepared(await prepare(entryFor(removed), { state, pages: rewritten, dropped: [] }));
        return removed;
      }),

    /** Resolves once every append queued before it is written. */
    settled: (): Promise<void> => serially(() => Promise.resolve()),
  };
}

export type ActivityStore = ReturnType<typeof createActivityStore>;
