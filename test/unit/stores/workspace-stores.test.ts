// The options page shows one workspace: its stores read only that workspace's keys, and switching stops
// the old watchers before the new workspace's data is read.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useProjectHistoryStore } from '@/lib/stores/project-history-store';
import { useUserGroupStore } from '@/lib/stores/user-group-store';
import { followActiveWorkspace } from '@/lib/stores/workspace-data-stores';
import { selectWorkspace, startWorkspaceStore, useWorkspaceStore } from '@/lib/stores/workspace-store';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { workspaceKey, workspaceScope } from '@/lib/storage/workspace-keys';
import { seedRegistry } from '../helpers/stored-registry';

const group = (id: string): RegistryEntry => ({
  team_id: 1,
  token: `ugt_${id}`,
  name: `Group ${id}`,
  provided_id: id,
  environment: 'Customer',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
});
const shownIds = () =>
  useUserGroupStore
    .getState()
    .groups.map((entry) => entry.provided_id)
    .sort();
const history = (id: string) => [
  { projectId: id, projectUrl: `https://example.com/${id}`, projectName: id, createdAt: '2026-01-01T00:00:00.000Z' },
];

let stops: (() => void)[] = [];

/** The page's address: no DOM in these tests, so `location` and `history` are stood in for. */
let address: URL;
function openAt(path: string) {
  address = new URL(path, 'chrome-extension://test-extension-id/');
}
vi.stubGlobal('location', {
  get search() {
    return address.search;
  },
  get href() {
    return address.href;
  },
});
vi.stubGlobal('history', {
  state: null,
  replaceState: (_state: unknown, _title: string, url: string | URL) => (address = new URL(String(url), address)),
});

beforeEach(async () => {
  fakeBrowser.reset();
  useWorkspaceStore.setState({ workspaces: [], activeId: undefined, generation: 0 });
  openAt('options.html');
  await fakeBrowser.storage.local.set({
    workspaces: {
      workspaces: [
        { id: 'aaaa1111', name: 'Acme', createdAt: 'x' },
        { id: 'bbbb2222', name: 'Globex', createdAt: 'x' },
      ],
    },
    lastUsedWorkspace: 'bbbb2222',
    [workspaceKey('aaaa1111', 'projectHistory')]: history('prj-a'),
    [workspaceKey('bbbb2222', 'projectHistory')]: history('prj-b'),
  });
  await seedRegistry([group('a-1'), group('a-2')], workspaceScope('aaaa1111'));
  await seedRegistry([group('b-1')], workspaceScope('bbbb2222'));
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('the options page follows the workspace it shows', () => {
  it('opens the last used one (or the one its address names), and reads only that one', async () => {
    stops.push(startWorkspaceStore(), followActiveWorkspace());
    await vi.waitFor(() => expect(useWorkspaceStore.getState().activeId).toBe('bbbb2222'));
    await vi.waitFor(() => expect(shownIds()).toEqual(['b-1']));
    await vi.waitFor(() =>
      expect(useProjectHistoryStore.getState().entries.map((entry) => entry.projectId)).toEqual(['prj-b']),
    );
    // The last used one needs no mention in the address; a choice does.
    expect(address.searchParams.get('ws')).toBeNull();
    selectWorkspace('aaaa1111');
    expect(address.searchParams.get('ws')).toBe('aaaa1111');
    await vi.waitFor(() => expect(shownIds()).toEqual(['a-1', 'a-2']));
  });

  it('switching shows the other workspace only, and the old one’s changes no longer reach the page', async () => {
    openAt('options.html?ws=aaaa1111');
    stops.push(startWorkspaceStore(), followActiveWorkspace());
    await vi.waitFor(() => expect(shownIds()).toEqual(['a-1', 'a-2']));
    selectWorkspace('bbbb2222');
    await vi.waitFor(() => expect(shownIds()).toEqual(['b-1']));
    await seedRegistry([group('a-3')], workspaceScope('aaaa1111'));
    await seedRegistry([group('b-2')], workspaceScope('bbbb2222'));
    await vi.waitFor(() => expect(shownIds()).toEqual(['b-1', 'b-2']));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(shownIds()).toEqual(['b-1', 'b-2']);
    expect(useProjectHistoryStore.getState().entries.map((entry) => entry.projectId)).toEqual(['prj-b']);
  });

  it('a workspace deleted elsewhere: the page moves to the last used one', async () => {
    openAt('options.html?ws=aaaa1111');
    stops.push(startWorkspaceStore(), followActiveWorkspace());
    await vi.waitFor(() => expect(useWorkspaceStore.getState().activeId).toBe('aaaa1111'));
    await fakeBrowser.storage.local.set({
      workspaces: { workspaces: [{ id: 'bbbb2222', name: 'Globex', createdAt: 'x' }] },
    });
    await vi.waitFor(() => expect(useWorkspaceStore.getState().activeId).toBe('bbbb2222'));
    await vi.waitFor(() => expect(shownIds()).toEqual(['b-1']));
    expect(address.searchParams.get('ws')).toBe('bbbb2222');
  });
});
