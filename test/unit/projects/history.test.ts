import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  appendToHistory,
  HISTORY_LIMIT,
  projectHistorySchema,
  type HistoryEntry,
  type ProjectHistory,
} from '@/lib/storage/history/history-schema';
import { parseStoredHistory, readStoredHistory, watchStoredHistory } from '@/lib/storage/history/history-source';
import { createHistoryRecorder, readHistory } from '@/lib/storage/history/history-writer';
import {
  PROJECT_HISTORY_VERSION,
  projectHistoryItemFor,
  projectHistoryMigrations,
} from '@/lib/storage/history/project-history-item';
import { readStorageNotices } from '@/lib/storage/notices-item';
import { loadStorageFixture } from '../fixtures/storage/load';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';

const PROJECT_HISTORY_KEY = testKey('projectHistory');
const projectHistoryItem = projectHistoryItemFor(TEST_SCOPE);

const entry = (n: number): HistoryEntry => ({
  projectId: `prj_${n}`,
  projectUrl: `https://example.com/page/${n}`,
  projectName: `Page ${n}`,
  createdAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
});

/** Stores a value the way @wxt-dev/storage does: the value and its version in `<key>$`. */
async function store(value: unknown, version = PROJECT_HISTORY_VERSION) {
  await fakeBrowser.storage.local.set({ [PROJECT_HISTORY_KEY]: value, [`${PROJECT_HISTORY_KEY}$`]: { v: version } });
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('appendToHistory: the newest 5,000 are kept', () => {
  it('appends at the end (oldest first)', () => {
    expect(appendToHistory([entry(1)], entry(2))).toEqual([entry(1), entry(2)]);
  });

  it('drops the oldest beyond the limit, and never more', () => {
    const full: ProjectHistory = Array.from({ length: HISTORY_LIMIT }, (_, i) => entry(i));
    const next = appendToHistory(full, entry(HISTORY_LIMIT));
    expect(next).toHaveLength(HISTORY_LIMIT);
    expect(next[0]).toEqual(entry(1));
    expect(next.at(-1)).toEqual(entry(HISTORY_LIMIT));
    expect(appendToHistory(full.slice(1), entry(HISTORY_LIMIT))).toHaveLength(HISTORY_LIMIT);
  });

  it('a smaller limit (for tests and future settings) works the same way', () => {
    expect(appendToHistory([entry(1), entry(2), entry(3)], entry(4), 3)).toEqual([entry(2), entry(3), entry(4)]);
  });
});

describe('stored history: versions, migrations, validated read', () => {
  const FIXTURES: Record<number, string> = { 1: 'project-history.v1.json' };

  it('there is a stored example of every version up to the current one', () => {
    for (let version = 1; version <= PROJECT_HISTORY_VERSION; version += 1)
      expect(FIXTURES[version], `fixture v${version}`).toBeDefined();
  });

  it.each(Object.keys(projectHistoryMigrations).map(Number))(
    'migration to v%i turns the previous example into this one',
    (version) => {
      const previous = loadStorageFixture(FIXTURES[version - 1]!);
      expect(projectHistoryMigrations[version]!(previous)).toEqual(loadStorageFixture(FIXTURES[version]!));
    },
  );

  it('the current example is read as it is, by the background and by the pages', async () => {
    const current = loadStorageFixture<ProjectHistory>(FIXTURES[PROJECT_HISTORY_VERSION]!);
    expect(projectHistorySchema.safeParse(current).success).toBe(true);
    await store(current);
    expect(await readHistory(TEST_SCOPE)).toEqual(current);
    expect(await readStoredHistory(TEST_SCOPE)).toEqual({ entries: current, unreadable: false });
    expect(await readStorageNotices()).toEqual([]);
  });

  it('nothing stored is an empty history', async () => {
    expect(await readHistory(TEST_SCOPE)).toEqual([]);
    expect(await readStoredHistory(TEST_SCOPE)).toEqual({ entries: [], unreadable: false });
  });

  it('a corrupt history: pages say so; the background keeps it aside, resets it and leaves a notice', async () => {
    const corrupt = loadStorageFixture('project-history.corrupt.json');
    await store(corrupt);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    expect(await readStoredHistory(TEST_SCOPE)).toEqual({ entries: [], unreadable: true });
    expect(await readHistory(TEST_SCOPE)).toEqual([]);

    expect(warn).toHaveBeenCalledWith(
      'Review Companion: the stored project history had an unexpected shape and was reset.',
    );
    const all = await fakeBrowser.storage.local.get(null);
    const kept = Object.entries(all).filter(([key]) => key.startsWith(`corrupt:${PROJECT_HISTORY_KEY}:`));
    expect(kept.map(([, value]) => value)).toEqual([corrupt]);
    expect(all[PROJECT_HISTORY_KEY]).toBeUndefined();
    expect(await readStorageNotices()).toHaveLength(1);
  });

  it('parseStoredHistory: missing is empty, wrong shape is unreadable', () => {
    expect(parseStoredHistory(undefined)).toEqual({ entries: [], unreadable: false });
    expect(parseStoredHistory({ entries: [] })).toEqual({ entries: [], unreadable: true });
    expect(parseStoredHistory([entry(1)])).toEqual({ entries: [entry(1)], unreadable: false });
  });
});

describe('createHistoryRecorder (the background’s only writer)', () => {
  it('appends after the stored history, through the versioned item', async () => {
    await store([entry(1)]);
    await createHistoryRecorder(TEST_SCOPE).record(entry(2));
    expect(await projectHistoryItem.getValue()).toEqual([entry(1), entry(2)]);
    expect((await fakeBrowser.storage.local.get(`${PROJECT_HISTORY_KEY}$`))[`${PROJECT_HISTORY_KEY}$`]).toEqual({
      v: 1,
    });
  });

  it('two projects created at once are both kept (appends are serialized)', async () => {
    const recorder = createHistoryRecorder(TEST_SCOPE);
    await Promise.all([1, 2, 3, 4, 5].map((n) => recorder.record(entry(n))));
    expect(await projectHistoryItem.getValue()).toEqual([1, 2, 3, 4, 5].map(entry));
  });

  it('caps the stored history', async () => {
    const recorder = createHistoryRecorder(TEST_SCOPE, 3);
    for (const n of [1, 2, 3, 4, 5]) await recorder.record(entry(n));
    expect(await projectHistoryItem.getValue()).toEqual([3, 4, 5].map(entry));
  });

  it('never throws: a failed write is logged by kind and the next append still works', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recorder = createHistoryRecorder(TEST_SCOPE);
    const set = vi
      .spyOn(fakeBrowser.storage.local, 'set')
      .mockRejectedValueOnce(new RangeError('QUOTA_BYTES quota exceeded'));
    await expect(recorder.record(entry(1))).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledWith('Review Companion: the project history could not be saved (RangeError).');
    set.mockRestore();
    await recorder.record(entry(2));
    expect(await projectHistoryItem.getValue()).toEqual([entry(2)]);
  });

  it('pages watching the history see each append', async () => {
    const seen: number[] = [];
    const stop = watchStoredHistory(TEST_SCOPE, (history) => seen.push(history.entries.length));
    const recorder = createHistoryRecorder(TEST_SCOPE);
    await recorder.record(entry(1));
    await recorder.record(entry(2));
    await vi.waitFor(() => expect(seen).toEqual([1, 2]));
    stop();
    await recorder.record(entry(3));
    expect(seen).toEqual([1, 2]);
  });
});
