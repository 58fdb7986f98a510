import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { setWriteCompanion, writeArea, type WriteCompanion } from '@/lib/storage/area-write';

// lib/storage/area-write.ts: removals and values given together are both done, with or without a
// companion that follows them.

const KEPT: WriteCompanion = {
  follows: (_area, name) => name === 'followed',
  alongside: (_area, values) => Promise.resolve({ kept: Object.keys(values).sort().join(',') }),
};

beforeEach(() => {
  fakeBrowser.reset();
  setWriteCompanion(undefined);
});

describe('writeArea with values and keys to remove', () => {
  it('without a companion: removes the keys and writes the values', async () => {
    await fakeBrowser.storage.local.set({ gone: 1 });
    await writeArea('local', { written: 2 }, ['gone']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ written: 2 });
  });

  it('with a companion that follows one of them: its value is written in the same call', async () => {
    setWriteCompanion(KEPT);
    await fakeBrowser.storage.local.set({ followed: 1 });
    await writeArea('local', { written: 2 }, ['followed']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ written: 2, kept: 'followed,written' });
  });
});
