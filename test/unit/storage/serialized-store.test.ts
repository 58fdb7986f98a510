import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage/storage-api';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod/mini';
import { createSerializedStore } from '@/lib/storage/serialized-store';

/** A stored list of names, of the shape the store needs (a value with a revision stamp). */
const namesSchema = z.nullable(z.object({ names: z.array(z.string()), revision: z.optional(z.string()) }));
type Names = z.infer<typeof namesSchema>;
const namesItem = storage.defineItem<Names>('local:testNames', { fallback: null });

const add = (name: string) => (current: Names) => ({
  value: { names: [...(current?.names ?? []), name] },
  result: null,
});
const storedNames = async () => (await namesItem.getValue())?.names;

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the serialized store behind the bulk create job', () => {
  it('reads storage once for a series of changes, and each change is persisted', async () => {
    const store = createSerializedStore(namesItem, namesSchema, 'storedBulkCreateJob');
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    for (const name of ['a', 'b', 'c']) {
      await store.update(add(name));
      expect(await storedNames()).toContain(name);
    }
    const readsByStore = get.mock.calls.filter(([keys]) => JSON.stringify(keys).includes('testNames')).length;
    expect(readsByStore - 3, 'reads beyond the three made by this test').toBeLessThanOrEqual(1);
  });

  it('notices a change made by anyone else and works on it, not on its stale copy', async () => {
    const store = createSerializedStore(namesItem, namesSchema, 'storedBulkCreateJob');
    await store.update(add('mine'));
    // Another context (or a test) writes the item directly.
    await fakeBrowser.storage.local.set({ testNames: { names: ['theirs'] } });
    await vi.waitFor(async () => expect((await store.read())?.names).toEqual(['theirs']));
    await store.update(add('next'));
    expect(await storedNames()).toEqual(['theirs', 'next']);
  });

  it('changes run one after another, each on the result of the previous one', async () => {
    const store = createSerializedStore(namesItem, namesSchema, 'storedBulkCreateJob');
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.update(add(`n${i}`))));
    expect(await storedNames()).toEqual(Array.from({ length: 20 }, (_, i) => `n${i}`));
  });
});
