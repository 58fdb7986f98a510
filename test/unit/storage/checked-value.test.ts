// A stored value with one shape: its key and schema said once; read checked without writing, written
// checked, followed.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod/mini';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkedValue } from '@/lib/storage/checked-value';

const counted = checkedValue('local:testCounted', z.object({ count: z.number() }));

beforeEach(() => fakeBrowser.reset());

describe('checkedValue', () => {
  it('reads undefined for nothing stored and for another shape, and never writes while reading', async () => {
    expect(await counted.read()).toBeUndefined();
    await fakeBrowser.storage.local.set({ testCounted: { count: 'many' } });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const remove = vi.spyOn(fakeBrowser.storage.local, 'remove');
    expect(await counted.read()).toBeUndefined();
    expect(set).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    expect(await fakeBrowser.storage.local.get('testCounted')).toEqual({ testCounted: { count: 'many' } });
  });

  it('writes only what a read would accept', async () => {
    await counted.write({ count: 2 });
    expect(await counted.read()).toEqual({ count: 2 });
    await expect(counted.write({ count: 'three' } as unknown as { count: number })).rejects.toThrow();
    expect(await counted.read()).toEqual({ count: 2 });
  });

  it('follows its key only, checked', async () => {
    const seen: unknown[] = [];
    const stop = counted.watch((value) => seen.push(value));
    await fakeBrowser.storage.local.set({ testCounted: { count: 1 } });
    await fakeBrowser.storage.local.set({ other: { count: 9 } });
    await fakeBrowser.storage.session.set({ testCounted: { count: 8 } });
    await fakeBrowser.storage.local.set({ testCounted: { count: 'x' } });
    await fakeBrowser.storage.local.remove('testCounted');
    stop();
    await fakeBrowser.storage.local.set({ testCounted: { count: 5 } });
    expect(seen).toEqual([{ count: 1 }, undefined, undefined]);
  });
});
