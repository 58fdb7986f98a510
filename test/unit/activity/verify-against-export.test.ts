import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { exportActivityCsv, exportActivityJson } from '@/lib/activity/activity-export';
import { verifyAgainstExport } from '@/lib/activity/verify-against-export';
import { ACTIVITY_HEAD_KEY, activityPageKey } from '@/lib/storage/activity/activity-keys';
import { entryHash } from '@/lib/storage/activity/activity-rows';
import type { ActivityHead, ActivityRecord } from '@/lib/storage/activity/activity-schema';
import { readStoredActivity, verifyStoredActivity } from '@/lib/storage/activity/activity-source';
import { createActivityStore } from '@/lib/storage/activity/activity-store';

// Issue 39, finding 2: the chain has no key, and the index's folded count and last hash are not
// protected, so Verify activity log alone passes a log whose oldest entries were dropped (one copied
// value) or whose entries were edited with the later hashes recomputed. An export's checkpoint catches both.

const AT = '2026-11-28T10:00:00.000Z';
const record = (index: number): ActivityRecord => ({
  at: AT,
  kind: 'groupCreated',
  outcome: 'done',
  workspace: { id: 'ws-1', name: 'Acme' },
  group: { name: `Team ${index}`, id: `t${index}`, environment: 'Customer' },
});

const PAGE = 4;
async function logOf(count: number, limit?: number) {
  const store = createActivityStore({ pageSize: PAGE, ...(limit && { limit }) });
  for (let index = 1; index <= count; index += 1) await store.append(record(index));
  return store;
}
const exportJson = async () => {
  const stored = await readStoredActivity();
  return (await exportActivityJson(stored.rows, stored.folded, new Date(AT))).text;
};
const headOf = async () => (await fakeBrowser.storage.local.get(ACTIVITY_HEAD_KEY))[ACTIVITY_HEAD_KEY] as ActivityHead;
const pageOf = async (page: number) =>
  (await fakeBrowser.storage.local.get(activityPageKey(page)))[activityPageKey(page)] as {
    entries: { seq: number; prev: string }[];
  };

beforeEach(() => {
  fakeBrowser.reset();
});

describe('every export carries a checkpoint: the newest entry’s number and hash', () => {
  it('JSON: a version 2 document with the checkpoint; CSV: each row’s own hash, the last row the checkpoint', async () => {
    await logOf(6);
    const head = await headOf();
    const json = JSON.parse(await exportJson()) as { version: number; checkpoint: unknown };
    expect(json.version).toBe(2);
    expect(json.checkpoint).toEqual({ count: 6, hash: head.lastHash });
    const stored = await readStoredActivity();
    const csv = (await exportActivityCsv(stored.rows, new Date(AT))).text.trim().split('\r\n');
    expect(csv[0]!.split(',').at(-1)).toBe('hash');
    expect(csv.at(-1)!.startsWith('6,')).toBe(true);
    expect(csv.at(-1)!.endsWith(`,${head.lastHash}`)).toBe(true);
  });
});

describe('Verify against an export', () => {
  it('proves an untouched log, and a log grown since, against the export', async () => {
    const store = await logOf(6);
    const file = await exportJson();
    expect(await verifyAgainstExport(file)).toMatchObject({ ok: true, compared: 6, last: 6, newest: 6 });
    await store.append(record(7));
    expect(await verifyAgainstExport(file)).toMatchObject({ ok: true, compared: 6, last: 6, newest: 7 });
  });

  it('names the first dropped entry when the oldest are removed and the folded count and hash rewritten, which the chain alone passes', async () => {
    await logOf(10);
    const file = await exportJson();
    // Pages of 4: page 1 holds 1-4. Remove it, and fold its entries with one copied value.
    const head = await headOf();
    const firstKept = (await pageOf(2)).entries[0]!;
    await fakeBrowser.storage.local.remove(activityPageKey(1));
    await fakeBrowser.storage.local.set({
      [ACTIVITY_HEAD_KEY]: { ...head, firstPage: 2, count: 6, folded: { count: 4, lastHash: firstKept.prev } },
    });
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 6 });
    expect(await verifyAgainstExport(file)).toEqual({ ok: false, reason: 'dropped', seq: 1 });
  });

  it('names the first dropped entry when the newest are removed and the index rewritten to match', async () => {
    await logOf(10);
    const file = await exportJson();
    const page = await pageOf(3); // 9, 10
    const head = await headOf();
    const kept = page.entries.slice(0, 1);
    await fakeBrowser.storage.local.set({
      [activityPageKey(3)]: { entries: kept },
      [ACTIVITY_HEAD_KEY]: { ...head, count: 9, nextSeq: 10, lastHash: await entryHash(kept[0]) },
    });
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 9 });
    expect(await verifyAgainstExport(file)).toEqual({ ok: false, reason: 'dropped', seq: 10 });
  });

  it('names the first changed entry when an entry is edited and every later hash recomputed', async () => {
    await logOf(10);
    const file = await exportJson();
    const { rows } = await readStoredActivity();
    const entries = rows.map((row) => structuredClone(row.raw) as { seq: number; outcome: string; prev: string });
    entries[4]!.outcome = 'failed'; // entry 5
    for (let index = 5; index < entries.length; index += 1) entries[index]!.prev = await entryHash(entries[index - 1]);
    const pages: Record<string, unknown> = {};
    for (let page = 1; page <= 3; page += 1)
      pages[activityPageKey(page)] = { entries: entries.slice((page - 1) * PAGE, page * PAGE) };
    await fakeBrowser.storage.local.set({
      ...pages,
      [ACTIVITY_HEAD_KEY]: { ...(await headOf()), lastHash: await entryHash(entries[9]) },
    });
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 10 });
    expect(await verifyAgainstExport(file)).toEqual({ ok: false, reason: 'changed', seq: 5 });
  });

  it('does not count entries the log folded by age as dropped, and compares the rest', async () => {
    const store = await logOf(8, 10);
    const file = await exportJson();
    for (let index = 9; index <= 13; index += 1) await store.append(record(index));
    // 13 entries, the newest 10 kept: 1-3 folded by age.
    expect(await verifyAgainstExport(file, 10)).toMatchObject({ ok: true, compared: 5, foldedByAge: 3, newest: 13 });
    // The same log held to the default limit of 20,000: it could not have folded them.
    expect(await verifyAgainstExport(file)).toEqual({ ok: false, reason: 'dropped', seq: 1 });
  });

  it('reads an export of version 1 (no checkpoint: its last entry is one) and a CSV export', async () => {
    await logOf(6);
    const document = JSON.parse(await exportJson()) as Record<string, unknown>;
    const v1 = JSON.stringify({ ...document, version: 1, checkpoint: undefined });
    expect(await verifyAgainstExport(v1)).toMatchObject({ ok: true, compared: 6 });
    const stored = await readStoredActivity();
    const csv = (await exportActivityCsv(stored.rows, new Date(AT))).text;
    expect(await verifyAgainstExport(csv)).toMatchObject({ ok: true, compared: 6 });
  });

  it('says what is wrong with the file: not an export, a CSV without hashes, no entry, edited after it was saved', async () => {
    await logOf(6);
    const file = await exportJson();
    expect(await verifyAgainstExport('{"hello": 1}')).toEqual({
      ok: false,
      reason: 'file',
      read: { ok: false, problem: 'unreadable' },
    });
    expect(await verifyAgainstExport('seq,at,prev\r\n1,x,y\r\n')).toMatchObject({
      reason: 'file',
      read: { problem: 'noHash' },
    });
    const document = JSON.parse(file) as { entries: { outcome: string }[]; checkpoint: unknown };
    expect(
      await verifyAgainstExport(JSON.stringify({ ...document, entries: [], checkpoint: undefined })),
    ).toMatchObject({
      reason: 'file',
      read: { problem: 'empty' },
    });
    document.entries[2]!.outcome = 'failed'; // entry 3 in the file
    expect(await verifyAgainstExport(JSON.stringify(document))).toMatchObject({
      reason: 'file',
      read: { problem: 'tampered', seq: 3 },
    });
    document.entries[2]!.outcome = 'done';
    document.entries[5]!.outcome = 'failed'; // the last: only the checkpoint says so
    expect(await verifyAgainstExport(JSON.stringify(document))).toMatchObject({
      reason: 'file',
      read: { problem: 'tampered', seq: 6 },
    });
  });
});
