// The popup's stored view (design.md §15, issue 37): after every change the background makes, what the
// popup reads from storage (`local:popupView` and `session:lockOpen`) is what the background answers to
// getPopupView, made afresh from storage; each change writes it in the same storage call as what it
// summarizes; it holds no secret; and a view that is missing or of another version is written again.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { rewriteCompanion } from '@/lib/storage/area-write';
import { storage } from '@/lib/storage/storage-api';
import { LOCK_OPEN_KEY, POPUP_VIEW_KEY } from '@/lib/storage/popup-view/popup-view-keys';
import { parseStoredPopupStart } from '@/lib/storage/popup-view/popup-view-item';
import { firstScreen, type PopupStart, type PopupView } from '@/lib/storage/popup-view/popup-view-schema';
import { workspaceKey } from '@/lib/storage/workspace-keys';
import { managedWorkspaceId } from '@/lib/workspaces/managed-workspaces';
import { loadStorageFixture } from '../fixtures/storage/load';
import { expectOk } from '../helpers/results';
import { permissionEvents } from '../setup/permission-events';
import { ACCOUNTS, seedTwoWorkspaces, startBackground, WORKSPACE_A, WORKSPACE_B } from './background-fixture';

const SECRETS = [...Object.values(ACCOUNTS.a.credentials), ...Object.values(ACCOUNTS.b.credentials)];
const PASSPHRASE = 'popup view passphrase';
const ORG = {
  name: 'Org (managed)',
  projectApiUrl: 'https://projects.org.example/create',
  apiKey: 'org-api-key-7777',
  authToken: 'org-auth-token-8888',
};

let bg: ReturnType<typeof startBackground>;
let granted: boolean;
let managed: unknown;

/** What the popup reads: the stored view with the lock's open flag, checked as the popup checks them. */
async function stored(): Promise<PopupStart | undefined> {
  const view: unknown = (await fakeBrowser.storage.local.get(POPUP_VIEW_KEY))[POPUP_VIEW_KEY];
  const open: unknown = (await fakeBrowser.storage.session.get(LOCK_OPEN_KEY))[LOCK_OPEN_KEY];
  return parseStoredPopupStart(view, open);
}

/** What the background answers when the popup asks (made from storage, with the secrets of `session:`). */
const answered = async (preferWorkspace?: string) =>
  expectOk(await bg.send('getPopupView', preferWorkspace === undefined ? {} : { preferWorkspace }));

/**
 * A first screen as the popup reads it. Behind Unlock, what was missing is not read: the stored view
 * keeps what it learnt while the key was at hand, the background without the key cannot tell.
 */
function asRead(start: PopupStart) {
  const screen = firstScreen(start);
  const view = { ...start.view };
  if (screen.kind === 'unlock') delete view.missing;
  return { screen, unlocked: start.unlocked, view };
}

/** The stored view is the background's answer; returns it. */
async function storedIsAnswered(): Promise<PopupStart> {
  const start = await stored();
  expect(start, 'a stored view of this version').toBeDefined();
  expect(asRead(start!)).toEqual(asRead(await answered()));
  // The fake service's project ids name the key they were made with: they are the service's, not a secret.
  const text = JSON.stringify({ ...start, view: { ...start!.view, recent: [] } });
  for (const secret of [...SECRETS, ORG.apiKey, ORG.authToken]) expect(text).not.toContain(secret);
  return start!;
}

const created = (workspaceId: string, path: string) =>
  bg.send('createProject', { workspaceId, projectUrl: `https://site.example/${path}`, projectName: `Page ${path}` });

beforeEach(async () => {
  fakeBrowser.reset();
  await seedTwoWorkspaces();
  managed = undefined;
  bg = startBackground(undefined, () => Promise.resolve(managed));
  granted = true;
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
  vi.spyOn(browser.permissions, 'contains').mockImplementation(() => Promise.resolve(granted));
  // The seeded data was not written by this background: the start writes the view (as after an update).
  await rewriteCompanion('local');
});

describe('the stored popup view is what the background would answer', () => {
  it('at the start: the workspaces that can register a page, the last used one ready, no project yet', async () => {
    const start = await storedIsAnswered();
    expect(start.view.workspaces.map((workspace) => workspace.id)).toEqual([WORKSPACE_A, WORKSPACE_B]);
    expect(start.view.workspaceId).toBe(WORKSPACE_A);
    expect(firstScreen(start)).toEqual({ kind: 'form' });
    expect(start.view.recent).toEqual([]);
  });

  it('not set up: the credentials forgotten in the options page', async () => {
    expectOk(await bg.send('forgetCredentials', { workspaceId: WORKSPACE_A }));
    expect(firstScreen(await storedIsAnswered())).toEqual({ kind: 'notSetUp', missing: ['apiKey', 'authToken'] });
  });

  it('the project API only (no user-group API), with a project link', async () => {
    expectOk(
      await bg.send('saveConnection', {
        workspaceId: WORKSPACE_A,
        ...ACCOUNTS.a.settings,
        userGroupBaseUrl: '',
        apiToken: '',
        apiKey: '',
        authToken: '',
        projectLink: 'https://app.acme.example/projects/{projectId}',
      }),
    );
    expect(firstScreen(await storedIsAnswered())).toEqual({
      kind: 'form',
      projectLink: 'https://app.acme.example/projects/{projectId}',
    });
  });

  it('the lock: on, locked, after a browser restart (the session cleared), and unlocked again', async () => {
    expectOk(await bg.send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' }));
    const on = await storedIsAnswered();
    expect(on).toMatchObject({ view: { lockOn: true, sealed: true, missing: [] }, unlocked: true });
    expectOk(await bg.send('lockNow', {}));
    expect(firstScreen(await storedIsAnswered())).toEqual({ kind: 'unlock' });
    expectOk(await bg.send('unlock', { passphrase: PASSPHRASE }));
    expect(firstScreen(await storedIsAnswered())).toEqual({ kind: 'form' });
    // A restart: `session:` is gone with the key, `local:` holds the view written while unlocked.
    await fakeBrowser.storage.session.clear();
    expect(firstScreen(await storedIsAnswered())).toEqual({ kind: 'unlock' });
    expectOk(await bg.send('unlock', { passphrase: PASSPHRASE }));
    expectOk(await bg.send('turnOffLock', { passphrase: PASSPHRASE }));
    expect(await storedIsAnswered()).toMatchObject({ view: { lockOn: false, sealed: false, missing: [] } });
  });

  it('a passphrase changed, and a forgotten one (every secret cleared)', async () => {
    expectOk(await bg.send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' }));
    expectOk(await bg.send('changeLockPassphrase', { passphrase: PASSPHRASE, newPassphrase: `${PASSPHRASE} 2` }));
    expect(firstScreen(await storedIsAnswered())).toEqual({ kind: 'form' });
    expectOk(await bg.send('lockNow', {}));
    expectOk(await bg.send('forgetAllCredentials', {}));
    expect(firstScreen(await storedIsAnswered())).toEqual({ kind: 'notSetUp', missing: ['apiKey', 'authToken'] });
  });

  it('host access withdrawn: the first screen is the form as before (Create project then says so)', async () => {
    granted = false;
    await permissionEvents.onRemoved.trigger({ origins: ['https://projects.acme.example/*'] });
    expect(firstScreen(await storedIsAnswered())).toEqual({ kind: 'form' });
  });

  it('several workspaces: one added and used, the last used one changed, one deleted', async () => {
    const { id } = expectOk(await bg.send('createWorkspace', { name: 'Initech' }));
    // Without a project API it cannot register a page: not offered.
    expect((await storedIsAnswered()).view.workspaces.map((workspace) => workspace.id)).toEqual([
      WORKSPACE_A,
      WORKSPACE_B,
    ]);
    expectOk(
      await bg.send('saveConnection', {
        workspaceId: id,
        userGroupBaseUrl: '',
        projectApiUrl: 'https://projects.initech.example/new',
        secretsArea: 'local',
        apiToken: '',
        apiKey: 'initech-key',
        authToken: 'initech-token',
      }),
    );
    expectOk(await bg.send('useWorkspace', { workspaceId: id }));
    const used = await storedIsAnswered();
    expect(used.view.workspaces.map((workspace) => workspace.id)).toEqual([WORKSPACE_A, WORKSPACE_B, id]);
    expect(used.view.workspaceId).toBe(id);
    expectOk(await bg.send('deleteWorkspace', { workspaceId: id }));
    const after = await storedIsAnswered();
    expect(after.view.workspaces.map((workspace) => workspace.id)).toEqual([WORKSPACE_A, WORKSPACE_B]);
    expect(after.view.workspaceId).toBe(WORKSPACE_A);
  });

  it('a workspace whose secrets are kept in session: the stored view leaves it to the background', async () => {
    expectOk(await bg.send('useWorkspace', { workspaceId: WORKSPACE_B }));
    const start = await stored();
    const answer = await answered();
    // A restart clears those secrets: the stored view cannot say whether they are there.
    expect(firstScreen(start!)).toEqual({ kind: 'ask' });
    expect(firstScreen(answer)).toEqual({ kind: 'form' });
    expect({ ...start!.view, missing: [] }).toEqual(answer.view);
  });

  it('the history: each project just created, and only the newest five', async () => {
    for (let page = 1; page <= 7; page++) expectOk(await created(WORKSPACE_A, `p${page}`));
    await vi.waitFor(async () => expect((await stored())?.view.recent.at(-1)?.projectUrl).toMatch(/p7$/));
    const { view } = await storedIsAnswered();
    expect(view.recent.map((entry) => entry.projectUrl)).toEqual(
      [3, 4, 5, 6, 7].map((page) => `https://site.example/p${page}`),
    );
    // Another workspace's history is not the shown one's.
    expectOk(await created(WORKSPACE_B, 'b1'));
    await vi.waitFor(async () =>
      expect(await fakeBrowser.storage.local.get(workspaceKey(WORKSPACE_B, 'projectHistory'))).not.toEqual({}),
    );
    expect((await storedIsAnswered()).view.recent).toHaveLength(5);
  });

  it('a history of the wrong shape written through the storage door: no recent projects', async () => {
    expectOk(await created(WORKSPACE_A, 'kept'));
    await vi.waitFor(async () => expect((await stored())?.view.recent).toHaveLength(1));
    await storage.setItem(`local:${workspaceKey(WORKSPACE_A, 'projectHistory')}`, 'not a history');
    expect((await storedIsAnswered()).view.recent).toEqual([]);
  });

  it('an organisation policy: its workspace offered first and marked, read-only when locked', async () => {
    managed = { workspaces: [ORG], lockWorkspaces: true };
    await bg.applyPolicy();
    const start = await storedIsAnswered();
    expect(start.view.workspaces[0]).toMatchObject({ id: managedWorkspaceId(ORG.name), managed: 'locked' });
    expectOk(await bg.send('useWorkspace', { workspaceId: managedWorkspaceId(ORG.name) }));
    expect(firstScreen(await storedIsAnswered())).toEqual({ kind: 'form' });
  });
});

describe('the stored view is written with what it summarizes', () => {
  /** Every `storage.local.set` call's keys from now on. */
  function localWrites(): string[][] {
    const calls: string[][] = [];
    const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- storage.local.set answers a promise
    vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (values: Record<string, unknown>) => {
      calls.push(Object.keys(values));
      await set(values);
    });
    return calls;
  }

  it('in the same call as a connection, the last used workspace, the lock, a project link and a history append', async () => {
    const calls = localWrites();
    expectOk(await bg.send('forgetCredentials', { workspaceId: WORKSPACE_A }));
    expectOk(await bg.send('useWorkspace', { workspaceId: WORKSPACE_B }));
    expectOk(await bg.send('useWorkspace', { workspaceId: WORKSPACE_A }));
    expectOk(
      await bg.send('saveConnection', {
        workspaceId: WORKSPACE_A,
        ...ACCOUNTS.a.settings,
        ...ACCOUNTS.a.credentials,
        projectLink: 'https://app.acme.example/p/{projectId}',
      }),
    );
    expectOk(await bg.send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' }));
    expectOk(await created(WORKSPACE_A, 'same-call'));
    await vi.waitFor(() =>
      expect(calls.some((keys) => keys.includes(workspaceKey(WORKSPACE_A, 'projectHistory')))).toBe(true),
    );
    const followed = [
      workspaceKey(WORKSPACE_A, 'credentials'),
      'lastUsedWorkspace',
      workspaceKey(WORKSPACE_A, 'projectLink'),
      'lock',
      workspaceKey(WORKSPACE_A, 'projectHistory'),
    ];
    for (const key of followed) {
      const writes = calls.filter((keys) => keys.includes(key));
      expect(writes.length, key).toBeGreaterThan(0);
      for (const keys of writes) expect(keys, key).toContain(POPUP_VIEW_KEY);
    }
    // A registry part, the activity log: not followed, written alone.
    expect(
      calls
        .filter((keys) => keys.some((key) => key.startsWith('activity')))
        .every((keys) => !keys.includes(POPUP_VIEW_KEY)),
    ).toBe(true);
  });

  it('the lock’s open flag in the same session call as its key, and gone with it', async () => {
    expectOk(await bg.send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' }));
    expect(await fakeBrowser.storage.session.get(['lockKey', LOCK_OPEN_KEY])).toMatchObject({ [LOCK_OPEN_KEY]: true });
    expectOk(await bg.send('lockNow', {}));
    expect(await fakeBrowser.storage.session.get(['lockKey', LOCK_OPEN_KEY])).toEqual({});
  });

  it('the stored format of version 1 (fixture) reads as the popup reads it, and is what the background writes', async () => {
    const fixture = loadStorageFixture<{ popupView: PopupView; lockOpen: boolean }>('popup-view.v1.json');
    const read = parseStoredPopupStart(fixture.popupView, fixture.lockOpen);
    expect(read).toEqual({ view: fixture.popupView, unlocked: true });
    expect(firstScreen(read!)).toEqual({ kind: 'form', projectLink: fixture.popupView.projectLink });
    // A view written now has the fixture's fields, each of the same kind.
    expectOk(
      await bg.send('saveConnection', {
        workspaceId: WORKSPACE_A,
        ...ACCOUNTS.a.settings,
        ...ACCOUNTS.a.credentials,
        projectLink: 'https://app.acme.example/projects/{projectId}',
      }),
    );
    expectOk(await bg.send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' }));
    expectOk(await created(WORKSPACE_A, 'fixture'));
    await vi.waitFor(async () => expect((await stored())?.view.recent).toHaveLength(1));
    const written = (await stored())!.view;
    const kinds = (view: object) => Object.entries(view).map(([key, value]) => [key, typeof value]);
    expect(kinds(written).sort()).toEqual(kinds(fixture.popupView).sort());
  });

  it('a value written around the storage door leaves the view behind until the next start, which writes it again', async () => {
    await fakeBrowser.storage.local.set({
      [workspaceKey(WORKSPACE_B, 'connectionSettings')]: { ...ACCOUNTS.b.settings, projectApiUrl: '' },
    });
    expect((await stored())?.view.workspaces).toHaveLength(2);
    await rewriteCompanion('local');
    expect((await storedIsAnswered()).view.workspaces.map((workspace) => workspace.id)).toEqual([WORKSPACE_A]);
    // Nothing changed since: the start writes nothing.
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await rewriteCompanion('local');
    expect(set).not.toHaveBeenCalled();
  });

  it('a history written around the storage door: the start writes the view with its newest projects', async () => {
    const entry = {
      projectId: 'prj_restored',
      projectUrl: 'https://site.example/r',
      projectName: 'Restored',
      createdAt: '2026-11-28T10:00:00.000Z',
    };
    await fakeBrowser.storage.local.set({ [workspaceKey(WORKSPACE_A, 'projectHistory')]: [entry] });
    expect((await stored())?.view.recent).toEqual([]);
    await rewriteCompanion('local');
    expect((await storedIsAnswered()).view.recent).toEqual([entry]);
  });

  it('a view missing or of another version reads as none, and is written again at the start', async () => {
    await fakeBrowser.storage.local.set({ [POPUP_VIEW_KEY]: { ...(await stored())!.view, version: 0 } });
    expect(await stored()).toBeUndefined();
    await rewriteCompanion('local');
    await storedIsAnswered();
    await fakeBrowser.storage.local.remove(POPUP_VIEW_KEY);
    await rewriteCompanion('local');
    await storedIsAnswered();
  });
});
