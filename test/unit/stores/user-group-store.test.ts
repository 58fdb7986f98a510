import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startUserGroupStore, useUserGroupStore } from '@/lib/stores/user-group-store';
import { bucketOf } from '@/lib/storage/registry/registry-buckets';
import { registrySchema, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { registryPartKey, seedRegistry } from '../helpers/stored-registry';
import { TEST_WORKSPACE_ID, testKey } from '../helpers/test-workspace';

const group = (id: string, environment: 'Customer' | 'Testing' = 'Customer'): RegistryEntry => ({
  team_id: 1,
  token: `ugt_${id}`,
  name: `Group ${id}`,
  provided_id: id,
  environment,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
});

const shownIds = () =>
  useUserGroupStore
    .getState()
    .groups.map((entry) => `${entry.environment}:${entry.provided_id}`)
    .sort();

let stop: () => void;

beforeEach(() => {
  fakeBrowser.reset();
  useUserGroupStore.setState({ groups: [], loaded: false, unreadable: false });
});

afterEach(() => stop());

describe('the options page mirror of the registry', () => {
  it('shows every stored part, then follows changes to single parts', async () => {
    await seedRegistry([group('a'), group('b'), group('a', 'Testing')]);
    expect(new Set([group('a'), group('b'), group('a', 'Testing')].map(bucketOf)).size).toBe(3);
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
    expect(shownIds()).toEqual(['Customer:a', 'Customer:b', 'Testing:a']);

    // (a, b and Testing:a are in three different parts)
    await fakeBrowser.storage.local.remove(registryPartKey(bucketOf(group('b'))));
    await vi.waitFor(() => expect(shownIds()).toEqual(['Customer:a', 'Testing:a']));
    await fakeBrowser.storage.local.set({
      [registryPartKey(bucketOf(group('a')))]: { groups: [group('a'), { ...group('a'), provided_id: 'a2' }] },
    });
    await vi.waitFor(() => expect(shownIds()).toEqual(['Customer:a', 'Customer:a2', 'Testing:a']));
    expect(useUserGroupStore.getState().unreadable).toBe(false);
  });

  it('a storage event only notes the parts it changed: they are checked when the list is published, after it', async () => {
    await seedRegistry([group('a'), group('b')]);
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
    const parse = vi.spyOn(registrySchema, 'safeParse');
    // A write of a part, as the lock's write of every part: the event returns before anything is checked.
    await fakeBrowser.storage.local.set({ [registryPartKey(bucketOf(group('b')))]: { groups: [] } });
    expect(parse).not.toHaveBeenCalled();
    expect(shownIds()).toEqual(['Customer:a', 'Customer:b']);
    await vi.waitFor(() => expect(shownIds()).toEqual(['Customer:a']));
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('a part of the wrong shape is flagged unreadable; the other parts are still shown', async () => {
    await seedRegistry([group('a'), group('b')]);
    await fakeBrowser.storage.local.set({ [registryPartKey(bucketOf(group('a')))]: 'not a part' });
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
    expect(useUserGroupStore.getState().unreadable).toBe(true);
    expect(shownIds()).toEqual(['Customer:b']);
  });
});

describe('the mirror of the creates whose outcome is unknown', () => {
  const mark = {
    name: 'Team',
    userGroupId: 'team-1',
    environment: 'Customer' as const,
    since: '2026-01-01T00:00:00.000Z',
  };

  it('shows the stored list, follows its changes, and shows none for a list it cannot read', async () => {
    useUserGroupStore.setState({ unsettledCreates: [] });
    await fakeBrowser.storage.local.set({ [testKey('userGroupUnsettledCreates')]: { creates: [mark] } });
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().unsettledCreates).toEqual([mark]));
    await fakeBrowser.storage.local.set({ [testKey('userGroupUnsettledCreates')]: { creates: [] } });
    await vi.waitFor(() => expect(useUserGroupStore.getState().unsettledCreates).toEqual([]));
    await fakeBrowser.storage.local.set({
      [testKey('userGroupUnsettledCreates')]: { creates: [mark, { broken: true }] },
    });
    await fakeBrowser.storage.local.set({
      [testKey('userGroupUnsettledCreates')]: { creates: [{ ...mark, environment: 'Testing' }] },
    });
    await vi.waitFor(() =>
      expect(useUserGroupStore.getState().unsettledCreates).toEqual([{ ...mark, environment: 'Testing' }]),
    );
  });
});
