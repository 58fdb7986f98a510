import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { previewCandidates, startUserGroupStore, useUserGroupStore } from '@/lib/stores/user-group-store';
import { bucketOf, REGISTRY_BUCKET_COUNT } from '@/lib/storage/registry/registry-buckets';
import { computeRegistryIndex } from '@/lib/storage/registry/registry-index';
import { storedPartSchema, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
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
  useUserGroupStore.setState({ groups: [], loaded: false, unreadable: false, preview: undefined, firstScreen: false });
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
    const parse = vi.spyOn(storedPartSchema, 'safeParse');
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

/** The parts of `groups` as the writer files them, and the index it writes beside them. */
function storedWithIndex(groups: readonly RegistryEntry[]) {
  const parts: RegistryEntry[][] = Array.from({ length: REGISTRY_BUCKET_COUNT }, () => []);
  for (const entry of groups) parts[bucketOf(entry)]!.push(entry);
  return { parts, index: computeRegistryIndex(parts) };
}

describe('the first screen at 10,000 groups (issue 25): the index’s first rows, then every part', () => {
  const many = Array.from({ length: 600 }, (_, i) => ({
    ...group(`g-${String(i).padStart(3, '0')}`, i % 4 === 0 ? 'Testing' : 'Customer'),
    name: `Group ${String(599 - i).padStart(3, '0')}`,
  }));

  it('shows the index’s first rows and counts before every part is read, then the whole registry', async () => {
    const { index } = storedWithIndex(many);
    await seedRegistry(many);
    await fakeBrowser.storage.local.set({ [testKey('userGroupIndex')]: index });
    const seen: { preview: number; firstScreen: boolean; loaded: boolean }[] = [];
    const unsubscribe = useUserGroupStore.subscribe((state) =>
      seen.push({ preview: state.preview?.rows.length ?? 0, firstScreen: state.firstScreen, loaded: state.loaded }),
    );
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
    unsubscribe();
    // The first screen came with the preview, before the registry was loaded: the section drew it once.
    const firstScreen = seen.find((state) => state.firstScreen)!;
    expect(firstScreen).toEqual({ preview: 24, firstScreen: true, loaded: false });
    expect(shownIds()).toHaveLength(600);
    expect(useUserGroupStore.getState()).toMatchObject({ preview: undefined, unreadable: false, firstScreen: true });
  });

  it('without a stored index the first screen is not held back: it comes at once, and the rows with the registry', async () => {
    await seedRegistry(many.slice(0, 5));
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().firstScreen).toBe(true));
    expect(useUserGroupStore.getState().preview).toBeUndefined();
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
    expect(shownIds()).toHaveLength(5);
  });

  it('a change stored while the parts are being checked is shown too', async () => {
    const { index } = storedWithIndex(many);
    await seedRegistry(many);
    await fakeBrowser.storage.local.set({ [testKey('userGroupIndex')]: index });
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().firstScreen).toBe(true));
    const added = group('late');
    const part = registryPartKey(bucketOf(added));
    const stored = (await fakeBrowser.storage.local.get(part))[part] as { groups: RegistryEntry[] } | undefined;
    await fakeBrowser.storage.local.set({ [part]: { groups: [...(stored?.groups ?? []), added] } });
    await vi.waitFor(() => expect(shownIds()).toContain('Customer:late'));
    expect(shownIds()).toHaveLength(601);
  });

  it('the preview checks only the rows it shows: other entries of those parts wait for the full check', () => {
    const { parts, index } = storedWithIndex(many);
    const [environment, id, part] = index.first[0]!;
    const broken = { ...parts[part]!.find((entry) => entry.provided_id === id && entry.environment === environment) };
    const stored = parts.map((groups, at) =>
      at === part ? { groups: [...groups.filter((entry) => entry !== broken), { name: 42 }] } : { groups },
    );
    const rows = previewCandidates(index, stored);
    expect(rows.length).toBe(24);
    expect(rows.map((row) => `${row.environment}:${row.provided_id}`)).toContain(`${environment}:${id}`);
    // A named row that does not pass its check is left out (then the preview shows nothing).
    const withBrokenRow = stored.map((value, at) =>
      at === part
        ? {
            groups: value.groups.map((entry) =>
              'provided_id' in entry && entry.provided_id === id ? { ...entry, token: 7 } : entry,
            ),
          }
        : value,
    );
    expect(previewCandidates(index, withBrokenRow).map((row) => row.provided_id)).not.toContain(id);
    expect(previewCandidates(index, ['not a part', null, { groups: 'no' }])).toEqual([]);
  });
});
