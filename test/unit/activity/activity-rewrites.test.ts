import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { exportActivityJson } from '@/lib/activity/activity-export';
import { clearActivityLog, createActivityRecorder } from '@/lib/activity/activity-recorder';
import { verifyAgainstExport } from '@/lib/activity/verify-against-export';
import { countedText } from '@/lib/message-ref';
import { ACTIVITY_HEAD_KEY, activityPageKey } from '@/lib/storage/activity/activity-keys';
import type { ActivityHead, ActivityRecord } from '@/lib/storage/activity/activity-schema';
import { readStoredActivity, verifyStoredActivity } from '@/lib/storage/activity/activity-source';
import { createActivityStore } from '@/lib/storage/activity/activity-store';

// Issue 39, findings 2 and 9: the log can be cleared (the clearing its first entry, with the count and
// head it replaced), and a workspace's entries (group names, project addresses) go with the workspace.

const AT = '2026-11-28T10:00:00.000Z';
const now = () => new Date(AT);
const record = (index: number, workspace = 'ws-1'): ActivityRecord => ({
  at: AT,
  kind: 'projectRegistered',
  outcome: 'done',
  workspace: { id: workspace, name: `Name of ${workspace}` },
  project: { name: `Secret launch ${index}`, url: `https://intranet.example/${workspace}/${index}`, id: `p${index}` },
});

function setUp() {
  const store = createActivityStore({ pageSize: 4 });
  return { store, recorder: createActivityRecorder(store, now) };
}
const exportJson = async () => {
  const stored = await readStoredActivity();
  return (await exportActivityJson(stored.rows, stored.folded, now())).text;
};
const headOf = async () => (await fakeBrowser.storage.local.get(ACTIVITY_HEAD_KEY))[ACTIVITY_HEAD_KEY] as ActivityHead;

beforeEach(() => {
  fakeBrowser.reset();
});

describe('Clear activity log', () => {
  it('removes every entry; the first entry of the new log records the count and head it replaced; numbers go on', async () => {
    const { store } = setUp();
    for (let index = 1; index <= 9; index += 1) await store.append(record(index));
    const before = await headOf();
    const file = await exportJson();

    expect(await clearActivityLog(store, now)).toEqual({
      ok: true,
      value: { removed: 9, replaced: { count: 9, hash: before.lastHash } },
    });
    const { rows, folded } = await readStoredActivity();
    expect(folded).toBe(9);
    expect(rows.map((row) => row.entry)).toEqual([
      {
        seq: 10,
        at: AT,
        kind: 'activityCleared',
        outcome: 'done',
        count: 9,
        replaced: { count: 9, hash: before.lastHash },
        prev: before.lastHash,
      },
    ]);
    // The old pages are gone from storage; the chain verifies; an export made before says the log was cleared.
    const keys = Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.startsWith('activityLog.'));
    expect(keys).toEqual([activityPageKey((await headOf()).firstPage)]);
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 1 });
    expect(await verifyAgainstExport(file)).toEqual({ ok: false, reason: 'cleared', seq: 10, at: AT });

    await store.append(record(11));
    expect((await readStoredActivity()).rows.map((row) => row.entry?.seq)).toEqual([10, 11]);
    expect(await verifyAgainstExport(await exportJson())).toMatchObject({ ok: true, compared: 2, newest: 11 });
  });
});

describe("a workspace's entries removed with it", () => {
  it('keeps only their numbers and hashes: nothing of what they said, the chain verifies, an earlier export still matches', async () => {
    const { store, recorder } = setUp();
    for (let index = 1; index <= 10; index += 1) await store.append(record(index, index % 2 ? 'ws-gone' : 'ws-stays'));
    const file = await exportJson();

    await recorder.removeWorkspace!('ws-gone', (removed) => ({
      kind: 'workspaceDeleted',
      outcome: 'done',
      workspace: { id: 'ws-gone', name: 'Name of ws-gone' },
      detail: countedText('activityWorkspaceEntriesRemoved', removed),
    }));

    const stored = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(stored).not.toMatch(/intranet\.example\/ws-gone|Secret launch 1\b|Secret launch 3\b/);
    const { rows } = await readStoredActivity();
    expect(
      rows.map((row) => (row.entry ? `${row.entry.seq}:${row.entry.workspace?.id}` : `${row.stub?.seq}:removed`)),
    ).toEqual([
      '1:removed',
      '2:ws-stays',
      '3:removed',
      '4:ws-stays',
      '5:removed',
      '6:ws-stays',
      '7:removed',
      '8:ws-stays',
      '9:removed',
      '10:ws-stays',
      '11:ws-gone',
    ]);
    expect(rows.at(-1)!.entry).toMatchObject({
      kind: 'workspaceDeleted',
      detail: { key: 'activityWorkspaceEntriesRemoved', count: 5 },
    });
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 11 });
    expect(await verifyAgainstExport(file)).toMatchObject({
      ok: true,
      compared: 10,
      removedWithWorkspace: 5,
      newest: 11,
    });
    // And an export made after holds what is kept of them, and verifies in turn.
    expect(await verifyAgainstExport(await exportJson())).toMatchObject({
      ok: true,
      compared: 11,
      removedWithWorkspace: 5,
    });
  });

  it('an entry made to look removed, with no deletion of its workspace after it, breaks the chain', async () => {
    const { store } = setUp();
    for (let index = 1; index <= 4; index += 1) await store.append(record(index));
    const { rows } = await readStoredActivity();
    const raw = rows[1]!.raw as { seq: number; prev: string };
    const hash = (rows[2]!.raw as { prev: string }).prev;
    const key = activityPageKey((await headOf()).firstPage);
    const page = (await fakeBrowser.storage.local.get(key))[key] as { entries: unknown[] };
    page.entries[1] = { seq: raw.seq, prev: raw.prev, hash, removedWith: 'ws-1' };
    await fakeBrowser.storage.local.set({ [key]: page });
    expect(await verifyStoredActivity()).toMatchObject({ ok: false, seq: 2, reason: 'removed' });
  });
});
