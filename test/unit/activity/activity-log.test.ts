import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createActivityRecorder, fingerprintOf } from '@/lib/activity/activity-recorder';
import { exportActivityCsv, exportActivityJson } from '@/lib/activity/activity-export';
import { canonicalJson, sha256Hex, tokenFingerprint } from '@/lib/hash/sha256';
import { verbatimText } from '@/lib/message-ref';
import { ACTIVITY_HEAD_KEY, activityPageKey } from '@/lib/storage/activity/activity-keys';
import { activityHeadOf, type ActivityRecord } from '@/lib/storage/activity/activity-schema';
import { abandonStaged, commitTogether } from '@/lib/storage/staged-write';
import { loadStorageFixture } from '../fixtures/storage/load';
import { createActivityStore } from '@/lib/storage/activity/activity-store';
import {
  loadStoredActivity,
  readStoredActivity,
  verifyStoredActivity,
  type StoredActivity,
} from '@/lib/storage/activity/activity-source';

const AT = '2026-11-26T00:00:00.000Z';
/** Node's SHA-256, to check ours against and to build stored logs without awaiting each hash. */
const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const record = (index: number): ActivityRecord => ({
  at: AT,
  kind: index % 2 ? 'groupRotated' : 'groupCreated',
  outcome: 'done',
  workspace: { id: 'ws-1', name: 'Acme' },
  group: { name: `Team ${index}`, id: `t${index}`, environment: 'Customer' },
  fingerprint: nodeSha256(`ugt_${index}`).slice(0, 8),
});

async function storedEntries() {
  return (await readStoredActivity()).rows.map((row) => row.entry!);
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('sha256', () => {
  it('gives the standard test vectors (FIPS 180-2 / NIST CSRC examples)', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    // A fingerprint is the first 8 hex digits: 'abc' gives ba7816bf.
    expect(await tokenFingerprint('abc')).toBe('ba7816bf');
  });

  it('matches node:crypto for empty, block-edge and multi-byte texts; a fingerprint is its first 8 hex digits', async () => {
    for (const text of ['', 'abc', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'héllo ✓ 日本'.repeat(40)])
      expect(await sha256Hex(text)).toBe(nodeSha256(text));
    expect(await tokenFingerprint('ugt_secret')).toBe(
      createHash('sha256').update('ugt_secret').digest('hex').slice(0, 8),
    );
    expect(await tokenFingerprint('')).toBe('');
  });
});

describe('the activity store', () => {
  it('numbers and chains each entry; Verify passes, and names the entry edited or removed outside the extension', async () => {
    const store = createActivityStore({ pageSize: 3 });
    for (let index = 1; index <= 8; index += 1) await store.append(record(index));
    const entries = await storedEntries();
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(entries[0]!.prev).toBe('0'.repeat(64));
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 8 });

    // Someone edits entry 5 in storage (page 2 of 3-entry pages holds 4, 5, 6).
    const key = activityPageKey(2);
    const page = (await fakeBrowser.storage.local.get(key))[key] as { entries: { outcome: string }[] };
    page.entries[1]!.outcome = 'failed';
    await fakeBrowser.storage.local.set({ [key]: page });
    expect(await verifyStoredActivity()).toMatchObject({ ok: false, seq: 5, reason: 'edited' });

    // Put back, then remove the newest entry: the index's last hash no longer matches.
    page.entries[1]!.outcome = 'done';
    await fakeBrowser.storage.local.set({ [key]: page });
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 8 });
    const last = activityPageKey(3);
    const lastPage = (await fakeBrowser.storage.local.get(last))[last] as { entries: unknown[] };
    lastPage.entries.pop();
    await fakeBrowser.storage.local.set({ [last]: lastPage });
    expect(await verifyStoredActivity()).toMatchObject({ ok: false, reason: 'removed' });
  });

  it('past the limit folds the oldest entries into a count and keeps the chain verifiable', async () => {
    const store = createActivityStore({ limit: 10, pageSize: 4 });
    for (let index = 1; index <= 25; index += 1) await store.append(record(index));
    const stored = await readStoredActivity();
    expect(stored.rows.map((row) => row.entry!.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 16 + i));
    expect(stored.folded).toBe(15);
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 10 });
    // Pages wholly folded are gone from storage: left are 16 (the rest of its page), 17-20, 21-24 and 25.
    expect(
      Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.startsWith('activityLog.')),
    ).toHaveLength(4);
  });

  it('an append writes the index and at most two pages, whatever the length of the log (20,000 entries)', async () => {
    const store = createActivityStore();
    const seeded: Record<string, unknown> = {};
    // A full log as stored, built here (chained) so that the test does not append 20,000 times.
    let prev = '0'.repeat(64);
    const pages: number[] = [];
    for (let page = 1; page <= 200; page += 1) {
      const entries = [];
      for (let i = 0; i < 100; i += 1) {
        const entry = { ...record(i), seq: (page - 1) * 100 + i + 1, prev };
        prev = nodeSha256(canonicalJson(entry));
        entries.push(entry);
      }
      seeded[activityPageKey(page)] = { entries };
      pages.push(page);
    }
    seeded[ACTIVITY_HEAD_KEY] = {
      v: 1,
      pages,
      count: 20_000,
      nextSeq: 20_001,
      nextPage: 201,
      lastHash: prev,
      folded: { count: 0, lastHash: '0'.repeat(64) },
    };
    await fakeBrowser.storage.local.set(seeded);
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 20_000 });

    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await store.append(record(1));
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(set.mock.calls[0]![0] as object).sort()).toEqual(
      [ACTIVITY_HEAD_KEY, activityPageKey(1), activityPageKey(201)].sort(),
    );
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 20_000 });
    expect((await readStoredActivity()).folded).toBe(1);
  }, 60_000);

  it('reads the newest page first, then older pages, ending with the whole log', async () => {
    const store = createActivityStore({ pageSize: 5 });
    for (let index = 1; index <= 60; index += 1) await store.append(record(index));
    const steps: [number, boolean][] = [];
    let last: StoredActivity | undefined;
    await loadStoredActivity((stored, complete) => {
      steps.push([stored.rows.length, complete]);
      last = stored;
    });
    expect(steps[0]).toEqual([5, false]);
    expect(steps.at(-1)).toEqual([60, true]);
    expect(last!.rows.map((row) => row.entry!.seq)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });
});

describe('a log stored by version 1 (its index listing every page)', () => {
  it('reads and verifies as before; the next append writes a version 2 index (a range of pages) and loses nothing', async () => {
    const v1 = loadStorageFixture<Record<string, unknown>>('activity-log.v1.json');
    await fakeBrowser.storage.local.set(v1);
    const seqs = Array.from({ length: 7 }, (_, i) => i + 3);
    expect((await storedEntries()).map((entry) => entry.seq)).toEqual(seqs);
    expect((await readStoredActivity()).folded).toBe(2);
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 7 });

    const store = createActivityStore();
    await store.append(record(10));
    const head = (await fakeBrowser.storage.local.get(ACTIVITY_HEAD_KEY))[ACTIVITY_HEAD_KEY];
    expect(head).toMatchObject({ v: 2, firstPage: 4, nextPage: 7, count: 8, nextSeq: 11, folded: { count: 2 } });
    expect(head).not.toHaveProperty('pages');
    // The entry went on the last page (3 entries: not full at 20), the older pages as they were.
    const oldPages = ['activityLog.000004', 'activityLog.000005'];
    expect(await fakeBrowser.storage.local.get(oldPages)).toEqual(
      Object.fromEntries(oldPages.map((key) => [key, v1[key]])),
    );
    expect((await storedEntries()).map((entry) => entry.seq)).toEqual([...seqs, 10]);
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 8 });
    let loaded: StoredActivity | undefined;
    await loadStoredActivity((stored) => (loaded = stored));
    expect(loaded!.rows.map((row) => row.entry!.seq)).toEqual([...seqs, 10]);
  });

  it('an index rebuilt from pages with a gap reads the gap as empty, and verifies', () => {
    expect(
      activityHeadOf({
        v: 1,
        pages: [3, 5],
        count: 0,
        nextSeq: 1,
        nextPage: 6,
        lastHash: '0'.repeat(64),
        folded: { count: 0, lastHash: '0'.repeat(64) },
      }),
    ).toMatchObject({ v: 2, firstPage: 3, nextPage: 6 });
    expect(activityHeadOf({ v: 3 })).toBeUndefined();
  });
});

describe("an append staged with another store's change (one storage call)", () => {
  it('is written only when committed, and numbered and chained as any append; a later append waits for it', async () => {
    const store = createActivityStore({ pageSize: 3 });
    await store.append(record(1));
    const staged = await store.stage({ ...record(2), at: AT });
    const later = store.append(record(3));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await storedEntries()).map((entry) => entry.seq)).toEqual([1]);
    await commitTogether([staged]);
    await later;
    expect((await storedEntries()).map((entry) => entry.seq)).toEqual([1, 2, 3]);
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 3 });
  });

  it('given up (nothing written), it leaves no gap: the next append takes its number', async () => {
    const store = createActivityStore({ pageSize: 3 });
    await store.append(record(1));
    const staged = await store.stage({ ...record(2), at: AT });
    await abandonStaged([staged], new Error('gone'));
    await store.append(record(3));
    expect((await storedEntries()).map((entry) => entry.seq)).toEqual([1, 2]);
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 2 });
  });
});

describe('no secret in the log or its exports', () => {
  it('records fingerprints and words cleared of tokens: the stored log and both exports hold none of the secrets', async () => {
    const secrets = ['ugt_old_secret_token', 'ugt_new_secret_token', 'api-token-secret', 'auth-token-secret'];
    const recorder = createActivityRecorder(createActivityStore(), () => new Date(AT));
    await recorder.record({
      kind: 'groupRotated',
      outcome: 'done',
      group: { name: 'Team', id: 't', environment: 'Customer' },
      ...(await fingerprintOf(secrets[1])),
    });
    const { failureDetail } = await import('@/lib/activity/activity-recorder');
    const { redactSecrets } = await import('@/lib/api/redact-secrets');
    // The operations hand the log answers cleared by the one redaction rule (lib/api/redact-secrets.ts).
    const refused = redactSecrets(
      { ok: false, error: { code: 'REJECTED', message: verbatimText(`refused ${secrets[0]} with ${secrets[2]}`) } },
      { apiToken: secrets[2]!, authToken: secrets[3]! },
      [secrets[0]!],
    );
    await recorder.record({
      kind: 'groupRotated',
      outcome: 'failed',
      group: { name: 'Team', id: 't', environment: 'Customer' },
      ...failureDetail(refused),
    });
    const stored = JSON.stringify(await fakeBrowser.storage.local.get(null));
    const entries = await storedEntries();
    const { rows } = await readStoredActivity();
    const files = [
      (await exportActivityJson(rows, 0, new Date(AT))).text,
      (await exportActivityCsv(rows, new Date(AT))).text,
    ];
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      for (const file of files) expect(file).not.toContain(secret);
    }
    expect(entries[0]!.fingerprint).toBe(createHash('sha256').update(secrets[1]!).digest('hex').slice(0, 8));
  });
});

describe('a log stored before entries could be removed with their workspace or the log cleared (index version 2)', () => {
  // The entries gained a kind (activityCleared), an optional field (replaced) and a second form (what is
  // kept of an entry removed with its workspace); the index did not change. A stored log reads as it
  // was: no migration, nothing lost.
  it('reads every entry as stored, verifies, and verifies against its own export; a removal and a clearing on top keep it verifiable', async () => {
    const v2 = loadStorageFixture<Record<string, { entries?: unknown[] }>>('activity-log.v2.json');
    await fakeBrowser.storage.local.set(v2);
    const stored = await readStoredActivity();
    const asStored = ['activityLog.000002', 'activityLog.000003', 'activityLog.000004'].flatMap(
      (key) => v2[key]!.entries,
    );
    expect(stored.rows.map((row) => row.entry)).toEqual(asStored);
    expect(stored.rows.map((row) => row.entry!.seq)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(stored.folded).toBe(4);
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 8 });
    const { exportActivityJson: exportJson } = await import('@/lib/activity/activity-export');
    const { verifyAgainstExport } = await import('@/lib/activity/verify-against-export');
    const file = (await exportJson(stored.rows, stored.folded, new Date(AT))).text;
    expect(await verifyAgainstExport(file)).toMatchObject({ ok: true, compared: 8, last: 12, newest: 12 });

    // The store that wrote it kept 8 entries in pages of 3: the entry of the deletion folds entry 5.
    const store = createActivityStore({ pageSize: 3, limit: 8 });
    const deleted = {
      at: AT,
      kind: 'workspaceDeleted',
      outcome: 'done',
      workspace: { id: 'ws-beta', name: 'Beta' },
    } as const;
    expect(await store.removeWorkspace('ws-beta', () => deleted)).toBe(3); // entries 6, 9 and 12
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 8 });
    expect(await verifyAgainstExport(file, 8)).toEqual({
      ok: true,
      compared: 7,
      last: 12,
      newest: 13,
      foldedByAge: 1,
      removedWithWorkspace: 3,
    });
    await store.clear(() => ({ at: AT, kind: 'activityCleared', outcome: 'done' }));
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 1 });
    expect(await verifyAgainstExport(file, 8)).toEqual({ ok: false, reason: 'cleared', seq: 14, at: AT });
  });
});
