import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage/storage-api';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod/mini';
import { createSerializedStore } from '@/lib/storage/serialized-store';
import { watchItem } from '@/lib/storage/watch-item';
import { startBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { startConnectionStore } from '@/lib/stores/connection-store';
import { startRegisterPagesStore } from '@/lib/stores/register-pages-store';
import { startUserGroupStore } from '@/lib/stores/user-group-store';
import { TEST_WORKSPACE_ID } from '../helpers/test-workspace';

const countItem = storage.defineItem<number>('local:testCount', { fallback: 7 });

beforeEach(() => {
  fakeBrowser.reset();
});

describe('watching one stored item', () => {
  it('calls back with its new value, and its fallback once removed; other keys and areas are not its', async () => {
    const seen: number[] = [];
    const stop = watchItem(countItem, (value) => seen.push(value));
    await fakeBrowser.storage.local.set({ testCount: 1 });
    await fakeBrowser.storage.local.set({ somethingElse: 2 });
    await fakeBrowser.storage.session.set({ testCount: 3 });
    await fakeBrowser.storage.local.remove('testCount');
    stop();
    await fakeBrowser.storage.local.set({ testCount: 4 });
    expect(seen).toEqual([1, 7]);
  });

  // Chrome sends each storage change to a context once per event it follows (storage.onChanged and
  // storage.local.onChanged), old and new values included: sealing a registry of 10,000 groups cost
  // the options page and the worker a second copy of megabytes to deserialize.
  it("the options page's stores and the background's stores follow storage.onChanged only", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stops = [
      startConnectionStore(TEST_WORKSPACE_ID),
      startUserGroupStore(TEST_WORKSPACE_ID),
      startBulkCreateStore(TEST_WORKSPACE_ID),
      startRegisterPagesStore(TEST_WORKSPACE_ID),
    ];
    const namesSchema = z.nullable(z.object({ names: z.array(z.string()), revision: z.optional(z.string()) }));
    const namesItem = storage.defineItem<z.infer<typeof namesSchema>>('local:testNames', { fallback: null });
    createSerializedStore(namesItem, namesSchema, 'storedBulkCreateJob');
    expect(fakeBrowser.storage.onChanged.hasListeners()).toBe(true);
    for (const area of [fakeBrowser.storage.local, fakeBrowser.storage.session, fakeBrowser.storage.sync])
      expect(area.onChanged.hasListeners()).toBe(false);
    stops.forEach((stop) => stop());
  });
});
