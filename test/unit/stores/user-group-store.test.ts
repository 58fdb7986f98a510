import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { deferRegistry, showRegistry, startUserGroupStore, useUserGroupStore } from '@/lib/stores/user-group-store';
import { startOptionsReads } from '@/lib/storage/options-early-reads';
import { loadStorageFixture } from '../fixtures/storage/load';
import { bucketOf, REGISTRY_BUCKET_COUNT } from '@/lib/storage/registry/registry-buckets';
import { computeRegistryIndex } from '@/lib/storage/registry/registry-index';
import { storedPartSchema, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { isRegistryPartKey, registryPartKey, seedRegistry } from '../helpers/stored-registry';
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
  it('opened on a section that shows no group, it reads no part until one that does is shown', async () => {
    await seedRegistry([group('a'), group('b')]);
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const partsRead = () =>
      get.mock.calls.filter(([keys]) => [keys].flat().some((key) => typeof key === 'string' && isRegistryPartKey(key)))
        .length;
    deferRegistry();
    try {
      stop = startUserGroupStore(TEST_WORKSPACE_ID);
      await vi.waitFor(() => expect(useUserGroupStore.getState().firstScreen).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(partsRead()).toBe(0);
      expect(useUserGroupStore.getState().loaded).toBe(false);
    } finally {
      showRegistry();
    }
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
    expect(partsRead()).toBeGreaterThan(0);
    expect(shownIds()).toEqual(['Customer:a', 'Customer:b']);
  });

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

/** The messages the page sends to the background (each answered with an empty success). */
function backgroundAsked(): unknown[] {
  const asked: unknown[] = [];
  fakeBrowser.runtime.onMessage.addListener(
    (message: unknown, _sender: unknown, respond: (answer: unknown) => void) => {
      asked.push(message);
      respond({ ok: true, value: null });
      return true;
    },
  );
  return asked;
}

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

  it('the first screen needs no part: its rows (without tokens) come from the index alone', async () => {
    const { index } = storedWithIndex(many);
    await seedRegistry(many);
    await fakeBrowser.storage.local.set({ [testKey('userGroupIndex')]: index });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const partsReadBeforeFirstScreen: unknown[] = [];
    const unsubscribe = useUserGroupStore.subscribe((state, previous) => {
      if (state.firstScreen && !previous.firstScreen)
        partsReadBeforeFirstScreen.push(
          ...get.mock.calls.flatMap(([keys]): unknown[] =>
            (Array.isArray(keys) ? (keys as unknown[]) : [keys]).filter(
              (key) => typeof key === 'string' && isRegistryPartKey(key),
            ),
          ),
        );
    });
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().firstScreen).toBe(true));
    unsubscribe();
    expect(partsReadBeforeFirstScreen).toEqual([]);
    const rows = useUserGroupStore.getState().preview!.rows;
    expect(rows.map((row) => row.name)).toEqual(
      [...many]
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, 24)
        .map((row) => row.name),
    );
    expect(rows.every((row) => row.token === '')).toBe(true);
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
    expect(useUserGroupStore.getState().groups).toHaveLength(600);
  });

  it('an index whose rows are not in the parts is shown until the parts are read, then they win and it is rebuilt', async () => {
    const { index } = storedWithIndex(many);
    const gone = index.first[0]!;
    await seedRegistry(many.filter((entry) => entry.provided_id !== gone.provided_id));
    await fakeBrowser.storage.local.set({ [testKey('userGroupIndex')]: index });
    const asked = backgroundAsked();
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
    expect(shownIds()).toHaveLength(599);
    expect(shownIds()).not.toContain(`${gone.environment}:${gone.provided_id}`);
    expect(useUserGroupStore.getState().preview).toBeUndefined();
    await vi.waitFor(() =>
      expect(asked).toContainEqual({ type: 'refreshUserGroupIndex', data: { workspaceId: TEST_WORKSPACE_ID } }),
    );
  });

  it('an index of version 1 (before its rows’ display fields) shows no preview: every group comes from the parts, and the index is rebuilt', async () => {
    await fakeBrowser.storage.local.set(loadStorageFixture<Record<string, unknown>>('user-group-index.v1.json'));
    const asked = backgroundAsked();
    const previews: unknown[] = [];
    const unsubscribe = useUserGroupStore.subscribe((state) => state.preview && previews.push(state.preview));
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
    unsubscribe();
    expect(previews).toEqual([]);
    expect(shownIds()).toEqual(['Customer:acme-qa', 'Customer:beta-team', 'Customer:zeta', 'Testing:acme-qa']);
    // Nothing lost: dates, marks and extra fields as stored (tokens stay with the background).
    expect(useUserGroupStore.getState().groups.find((row) => row.environment === 'Testing')).toMatchObject({
      token: '',
      createdAt: '2026-03-02T09:00:00.000Z',
      rotation: { state: 'unknown' },
    });
    expect(useUserGroupStore.getState().groups.find((row) => row.team_id === 11)?.extra).toEqual({ region: 'eu' });
    await vi.waitFor(() =>
      expect(asked).toContainEqual({ type: 'refreshUserGroupIndex', data: { workspaceId: TEST_WORKSPACE_ID } }),
    );
  });
});

describe('the options page’s first reads (started before its UI loads)', () => {
  const many = Array.from({ length: 100 }, (_, i) => group(`e-${String(i).padStart(3, '0')}`));
  const workspaces = (ids: string[]) => ({
    workspaces: { workspaces: ids.map((id) => ({ id, name: id, createdAt: '2026-01-01T00:00:00.000Z' })) },
  });

  it('the store takes the index the first chunk read for its workspace instead of reading it again', async () => {
    const { index } = storedWithIndex(many);
    await seedRegistry(many);
    await fakeBrowser.storage.local.set({
      ...workspaces(['other', TEST_WORKSPACE_ID]),
      lastUsedWorkspace: TEST_WORKSPACE_ID,
      [testKey('userGroupIndex')]: index,
    });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    startOptionsReads('');
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().preview?.rows).toHaveLength(24));
    const indexReads = get.mock.calls.filter(([keys]) => keys === testKey('userGroupIndex'));
    expect(indexReads).toHaveLength(1);
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
  });

  it('an early read of another workspace’s index (or of an index of the wrong shape) is not used', async () => {
    await seedRegistry(many);
    await fakeBrowser.storage.local.set({
      ...workspaces([TEST_WORKSPACE_ID, 'other']),
      lastUsedWorkspace: 'other',
      'ws.other.userGroupIndex': storedWithIndex([group('not-here')]).index,
      [testKey('userGroupIndex')]: { version: 2, counts: 'broken' },
    });
    startOptionsReads('');
    stop = startUserGroupStore(TEST_WORKSPACE_ID);
    await vi.waitFor(() => expect(useUserGroupStore.getState().loaded).toBe(true));
    expect(shownIds()).toHaveLength(100);
    expect(shownIds()).not.toContain('Customer:not-here');
  });
});
