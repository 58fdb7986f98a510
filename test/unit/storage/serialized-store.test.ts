import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { userGroupRegistryItem } from '@/lib/storage/user-group-registry-item';
import { createRegistryWriter } from '@/lib/user-groups/registry-writer';
import type { RegistryEntry } from '@/lib/user-groups/registry-schema';

const group = (id: string): RegistryEntry => ({
  team_id: 1,
  token: `ugt_${id}`,
  name: id,
  provided_id: id,
  environment: 'Customer',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
});

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the serialized store behind the registry writer', () => {
  it('reads storage once for a series of changes, and each change is persisted', async () => {
    const writer = createRegistryWriter();
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    for (const id of ['a', 'b', 'c']) {
      await writer.update((registry) => ({ registry: { groups: [...registry.groups, group(id)] }, result: null }));
      expect(((await userGroupRegistryItem.getValue()).groups).map((entry) => entry.provided_id)).toContain(id);
    }
    const readsByWriter = get.mock.calls.filter(([keys]) => JSON.stringify(keys).includes('userGroupRegistry')).length;
    expect(readsByWriter - 3, 'reads beyond the three made by this test').toBeLessThanOrEqual(1);
  });

  it('notices a change made by anyone else and works on it, not on its stale copy', async () => {
    const writer = createRegistryWriter();
    await writer.update((registry) => ({ registry: { groups: [...registry.groups, group('mine')] }, result: null }));
    // Another context (or a test) writes the item directly.
    await fakeBrowser.storage.local.set({ userGroupRegistry: { groups: [group('theirs')] } });
    await vi.waitFor(async () => expect((await writer.read()).groups.map((entry) => entry.provided_id)).toEqual(['theirs']));
    await writer.update((registry) => ({ registry: { groups: [...registry.groups, group('next')] }, result: null }));
    expect((await userGroupRegistryItem.getValue()).groups.map((entry) => entry.provided_id)).toEqual(['theirs', 'next']);
  });
});
