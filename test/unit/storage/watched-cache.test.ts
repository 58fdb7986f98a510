import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createWatchedCache, forgetWatchedCaches } from '@/lib/storage/watched-cache';
import { permissionEvents } from '../setup/permission-events';

/** A cache of the stored value of `watched`, counting its reads. */
function cacheOf(options: { permissions?: boolean } = {}) {
  const read = vi.fn(async () => (await fakeBrowser.storage.local.get('watched')).watched as number | undefined);
  const cache = createWatchedCache(read, {
    affectedBy: (key, area) => area === 'local' && key === 'watched',
    ...options,
  });
  return { read, cache };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('a value kept until what it depends on changes', () => {
  it('is read once for many callers, callers during the read included', async () => {
    await fakeBrowser.storage.local.set({ watched: 1 });
    const { read, cache } = cacheOf();
    expect(await Promise.all([cache.get(), cache.get()])).toEqual([1, 1]);
    expect(await cache.get()).toBe(1);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('is read again after a change of its key (from any context), not after other keys', async () => {
    await fakeBrowser.storage.local.set({ watched: 1 });
    const { read, cache } = cacheOf();
    await cache.get();
    await fakeBrowser.storage.local.set({ other: 'x' });
    await fakeBrowser.storage.session.set({ watched: 'in another area' });
    expect(await cache.get()).toBe(1);
    expect(read).toHaveBeenCalledTimes(1);
    await fakeBrowser.storage.local.set({ watched: 2 });
    await vi.waitFor(async () => expect(await cache.get()).toBe(2));
  });

  it('a value read across a change is not kept', async () => {
    await fakeBrowser.storage.local.set({ watched: 1 });
    let release = () => {};
    const read = vi.fn(async () => {
      const value = (await fakeBrowser.storage.local.get('watched')).watched as number;
      await new Promise<void>((resolve) => (release = resolve));
      return value;
    });
    const cache = createWatchedCache(read, { affectedBy: (key) => key === 'watched' });
    const first = cache.get();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    await fakeBrowser.storage.local.set({ watched: 2 });
    release();
    expect(await first).toBe(1);
    const second = cache.get();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    release();
    expect(await second).toBe(2);
  });

  it('permissions granted or revoked drop it, when it depends on them', async () => {
    const { read, cache } = cacheOf({ permissions: true });
    await cache.get();
    await permissionEvents.onRemoved.trigger({ origins: ['https://a.example/*'] });
    await cache.get();
    await permissionEvents.onAdded.trigger({ origins: ['https://a.example/*'] });
    await cache.get();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('forget, forgetWatchedCaches (a lock transition), a value not to keep and a failed read all read again', async () => {
    const { read, cache } = cacheOf();
    await cache.get();
    cache.forget();
    await cache.get();
    forgetWatchedCaches();
    await cache.get();
    expect(read).toHaveBeenCalledTimes(3);

    const failing = vi.fn(() => Promise.reject(new Error('storage')));
    const broken = createWatchedCache(failing, { affectedBy: () => false });
    await expect(broken.get()).rejects.toThrow('storage');
    await expect(broken.get()).rejects.toThrow('storage');
    expect(failing).toHaveBeenCalledTimes(2);

    const refused = vi.fn(() => Promise.resolve({ ok: false }));
    const notKept = createWatchedCache(refused, { affectedBy: () => false, keep: (value) => value.ok });
    await notKept.get();
    await notKept.get();
    expect(refused).toHaveBeenCalledTimes(2);
  });
});
