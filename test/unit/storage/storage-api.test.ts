import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage as wxtStorage } from '#imports';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage, type ItemOptions } from '@/lib/storage/storage-api';

// lib/storage/storage-api.ts replaces @wxt-dev/storage in the extension's code. Each case runs the
// same steps with both, from the same stored data, and expects the same answers and the same data left
// in every storage area: what the extension stored with @wxt-dev/storage reads the same now, and the
// other way round.

type Api = typeof storage;
const both: [string, Api][] = [
  ['@wxt-dev/storage', wxtStorage as unknown as Api],
  ['storage-api', storage],
];

const areas = ['local', 'session', 'sync'] as const;
async function everything() {
  const stored: Record<string, unknown> = {};
  for (const area of areas) stored[area] = await fakeBrowser.storage[area].get(null);
  return stored;
}

/** Runs `steps` once with each implementation from `before`, and returns both runs' answers and data. */
async function sideBySide(
  before: Partial<Record<(typeof areas)[number], Record<string, unknown>>>,
  steps: (api: Api) => Promise<unknown>,
) {
  const runs = [];
  for (const [, api] of both) {
    fakeBrowser.reset();
    for (const area of areas) if (before[area]) await fakeBrowser.storage[area].set(before[area]);
    const answer = await steps(api);
    runs.push({ answer, stored: await everything() });
  }
  return runs as [{ answer: unknown; stored: unknown }, { answer: unknown; stored: unknown }];
}

const historyOptions: ItemOptions<{ items: string[] }> = {
  fallback: { items: [] },
  version: 3,
  migrations: {
    2: (value: string[]) => ({ list: value }),
    3: (value: { list: string[] }) => ({ items: value.list }),
  },
};

beforeEach(() => {
  fakeBrowser.reset();
});

describe('storage-api, against @wxt-dev/storage', () => {
  it('getItem, setItem, removeItem (with its version) and getMeta read and leave the same data', async () => {
    const [wxt, ours] = await sideBySide(
      { local: { a: 1, b: 'x', b$: { v: 2 } }, session: { c: [1] } },
      async (api) => [
        await api.getItem('local:a'),
        await api.getItem('local:missing'),
        await api.getItem('session:c'),
        await api.getMeta('local:b'),
        await api.getMeta('local:a'),
        await api.setItem('local:d', { deep: [1, 2] }),
        await api.setItem('local:a', null),
        await api.removeItem('local:b', { removeMeta: true }),
        await api.removeItem('session:c'),
      ],
    );
    expect(ours).toEqual(wxt);
    expect(ours.stored).toEqual({ local: { d: { deep: [1, 2] } }, session: {}, sync: {} });
  });

  it('getItems answers in the order asked, across areas, null where nothing is stored', async () => {
    const [wxt, ours] = await sideBySide({ local: { a: 1, c: 3 }, session: { b: 2 } }, (api) =>
      api.getItems(['local:c', 'session:b', 'local:none', 'local:a']),
    );
    expect(ours).toEqual(wxt);
    expect(ours.answer).toEqual([
      { key: 'local:c', value: 3 },
      { key: 'session:b', value: 2 },
      { key: 'local:none', value: null },
      { key: 'local:a', value: 1 },
    ]);
  });

  it('setItems writes each area in one call, by key or by item', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const [wxt, ours] = await sideBySide({ local: { old: 1 } }, async (api) => {
      const item = api.defineItem<number>('local:item', { fallback: 0 });
      await api.setItems([
        { key: 'local:a', value: 1 },
        { item, value: 2 },
        { key: 'session:s', value: 'x' },
        { key: 'local:old', value: null },
      ]);
      return item.getValue();
    });
    expect(ours).toEqual(wxt);
    // The browser stores null as given; this fake drops the key.
    expect(ours.stored).toEqual({ local: { a: 1, item: 2 }, session: { s: 'x' }, sync: {} });
    expect(set.mock.calls.map(([values]) => values).filter((values) => !('old' in values && values.old === 1))).toEqual(
      [
        { a: 1, item: 2, old: null },
        { a: 1, item: 2, old: null },
      ],
    );
  });

  it('an item reads its fallback when nothing is stored, and its value once written', async () => {
    const [wxt, ours] = await sideBySide({}, async (api) => {
      const item = api.defineItem<{ n: number } | null>('local:thing', { fallback: null });
      const answers = [item.key, item.fallback, await item.getValue(), await item.getMeta()];
      await item.setValue({ n: 1 });
      return [...answers, await item.getValue()];
    });
    expect(ours).toEqual(wxt);
    expect(ours.answer).toEqual(['local:thing', null, null, {}, { n: 1 }]);
  });

  it('a stored value of an earlier version is migrated step by step when its item is defined, value and version together', async () => {
    for (const [before, expected] of [
      [{ local: { history: ['a', 'b'] } }, { items: ['a', 'b'] }],
      [{ local: { history: { list: ['c'] }, history$: { v: 2, other: 'kept' } } }, { items: ['c'] }],
      [{ local: { history: { items: ['d'] }, history$: { v: 3 } } }, { items: ['d'] }],
    ] as const) {
      const [wxt, ours] = await sideBySide(before, async (api) => {
        const item = api.defineItem('local:history', historyOptions);
        return [await item.getValue(), await item.getMeta()];
      });
      expect(ours).toEqual(wxt);
      expect((ours.answer as unknown[])[0]).toEqual(expected);
    }
  });

  it('the first value written to a new migrated item records its version; without migrations nothing is added', async () => {
    const [wxt, ours] = await sideBySide({ local: { plain: 5 } }, async (api) => {
      const migrated = api.defineItem('local:history', historyOptions);
      const plain = api.defineItem<number>('local:plain', { version: 2 });
      await migrated.setValue({ items: ['new'] });
      await migrated.setValue({ items: ['newer'] });
      await plain.setValue(6);
      return [await migrated.getMeta(), await plain.getMeta()];
    });
    expect(ours).toEqual(wxt);
    expect(ours.stored).toEqual({
      local: { history: { items: ['newer'] }, history$: { v: 3 }, plain: 6 },
      session: {},
      sync: {},
    });
  });

  it('a newer stored version, or a failing step, leaves the stored value as it is and is logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const before of [
      { local: { history: { items: ['from the future'] }, history$: { v: 4 } } },
      { local: { history: 'not a list' } },
    ]) {
      const [wxt, ours] = await sideBySide(before, async (api) => {
        const item = api.defineItem('local:history', {
          ...historyOptions,
          migrations: {
            2: (value: string[]) => ({ list: value.map((entry) => entry.toUpperCase()) }),
            3: (value: { list: string[] }) => ({ items: value.list }),
          },
        });
        return item.getValue();
      });
      expect(ours).toEqual(wxt);
      expect(ours.stored).toEqual({ ...before, session: {}, sync: {} });
    }
    expect(error).toHaveBeenCalledTimes(4);
    // The log names the item and the error's kind, never the stored value.
    expect(error.mock.calls.at(-1)).toEqual(['Review Companion: local:history could not be migrated (TypeError).']);
  });
});
