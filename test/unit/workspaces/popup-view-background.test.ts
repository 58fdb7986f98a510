// The popup's one request (getPopupView) through the background's router: what it answers, that an
// opening after the first costs no storage or permission read, and that what the background keeps in
// memory is never stale: another context's writes, the lock, host access and the history all show at
// the next opening.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { workspaceKey } from '@/lib/storage/workspace-keys';
import { LOCK_KEY_KEY } from '@/lib/storage/lock/lock-keys';
import { expectOk } from '../helpers/results';
import { permissionEvents } from '../setup/permission-events';
import { ACCOUNTS, seedTwoWorkspaces, startBackground, WORKSPACE_A, WORKSPACE_B } from './background-fixture';

const SECRETS = [...Object.values(ACCOUNTS.a.credentials), ...Object.values(ACCOUNTS.b.credentials)];
const PASSPHRASE = 'popup view passphrase';

let bg: ReturnType<typeof startBackground>;
let granted: boolean;
const open = async (preferWorkspace?: string) =>
  expectOk(await bg.send('getPopupView', preferWorkspace === undefined ? {} : { preferWorkspace }));
const statusOf = async (preferWorkspace?: string) => expectOk((await open(preferWorkspace)).status);

beforeEach(async () => {
  fakeBrowser.reset();
  await seedTwoWorkspaces();
  bg = startBackground();
  granted = true;
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
  vi.spyOn(browser.permissions, 'contains').mockImplementation(() => Promise.resolve(granted));
});

describe('the popup’s one request', () => {
  it('answers the workspaces that can register a page, the last used one, its status and history; no secret', async () => {
    const view = await open();
    expect(view.workspaces.map((workspace) => workspace.id)).toEqual([WORKSPACE_A, WORKSPACE_B]);
    expect(view.workspaceId).toBe(WORKSPACE_A);
    expect(expectOk(view.status)).toMatchObject({
      projectApiUrl: ACCOUNTS.a.settings.projectApiUrl,
      projectApiReady: true,
    });
    expect(view.history).toEqual({ entries: [], unreadable: false });
    const text = JSON.stringify(view);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it('prefers the workspace asked for; one that is not listed falls back to the last used', async () => {
    expect((await open(WORKSPACE_B)).workspaceId).toBe(WORKSPACE_B);
    expect(expectOk((await open(WORKSPACE_B)).status).projectApiUrl).toBe(ACCOUNTS.b.settings.projectApiUrl);
    expect((await open('gone1234')).workspaceId).toBe(WORKSPACE_A);
  });

  it('an opening after the first reads no storage and asks no permission, with 20 workspaces as with 2', async () => {
    const more = Array.from({ length: 18 }, (_, index) => ({
      id: `more${String(index).padStart(4, '0')}`,
      name: `More ${index}`,
      createdAt: '2026-11-03T00:00:00.000Z',
    }));
    const { workspaces } = await fakeBrowser.storage.local.get<{ workspaces: { workspaces: unknown[] } }>('workspaces');
    await fakeBrowser.storage.local.set({ workspaces: { workspaces: [...workspaces.workspaces, ...more] } });
    await vi.waitFor(async () => expect((await open()).workspaces).toHaveLength(2)); // the others have no project API
    const local = vi.spyOn(fakeBrowser.storage.local, 'get');
    const session = vi.spyOn(fakeBrowser.storage.session, 'get');
    const contains = vi.mocked(browser.permissions.contains);
    contains.mockClear();
    for (let opening = 0; opening < 5; opening++) expect((await open()).workspaceId).toBe(WORKSPACE_A);
    expect(local).not.toHaveBeenCalled();
    expect(session).not.toHaveBeenCalled();
    expect(contains).not.toHaveBeenCalled();
  });

  it('another context’s write shows at the next opening: a workspace without a project API is no longer offered', async () => {
    await open();
    await fakeBrowser.storage.local.set({
      [workspaceKey(WORKSPACE_A, 'connectionSettings')]: { ...ACCOUNTS.a.settings, projectApiUrl: '' },
    });
    await vi.waitFor(async () => {
      const view = await open();
      expect(view.workspaces.map((workspace) => workspace.id)).toEqual([WORKSPACE_B]);
      expect(view.workspaceId).toBe(WORKSPACE_B);
    });
  });

  it('a connection saved through the options page shows at once', async () => {
    await statusOf();
    expectOk(
      await bg.send('saveConnection', {
        workspaceId: WORKSPACE_A,
        ...ACCOUNTS.a.settings,
        userGroupBaseUrl: '',
        apiToken: '',
        apiKey: '',
        authToken: '',
      }),
    );
    expect(await statusOf()).toMatchObject({ userGroupBaseUrl: '', userGroupApiReady: false, projectApiReady: true });
  });

  it('the lock: on and locked, the status says so at the very next opening; unlocked, ready again', async () => {
    expect((await statusOf()).locked).toBeUndefined();
    expectOk(await bg.send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' }));
    expect(await statusOf()).toMatchObject({ projectApiReady: true });
    expectOk(await bg.send('lockNow', {}));
    expect(await statusOf()).toMatchObject({ locked: true, projectApiReady: false });
    expect(
      await bg.send('createProject', { workspaceId: WORKSPACE_A, projectUrl: 'https://a.example/', projectName: 'A' }),
    ).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    expectOk(await bg.send('unlock', { passphrase: PASSPHRASE }));
    expect((await statusOf()).locked).toBeUndefined();
    expect((await statusOf()).projectApiReady).toBe(true);
  });

  it('a lock closed elsewhere (its key gone from the session) shows at the next opening, and Create project answers LOCKED', async () => {
    expectOk(await bg.send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' }));
    expect((await statusOf()).projectApiReady).toBe(true);
    expectOk(
      await bg.send('createProject', { workspaceId: WORKSPACE_A, projectUrl: 'https://a.example/1', projectName: 'A' }),
    );
    await fakeBrowser.storage.session.remove(LOCK_KEY_KEY);
    await vi.waitFor(async () => expect(await statusOf()).toMatchObject({ locked: true }));
    expect(
      await bg.send('createProject', { workspaceId: WORKSPACE_A, projectUrl: 'https://a.example/2', projectName: 'A' }),
    ).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
  });

  it('host access revoked shows at the next opening, and Create project says so instead of sending', async () => {
    expect((await statusOf()).missingAccess).toEqual([]);
    granted = false;
    await permissionEvents.onRemoved.trigger({ origins: ['https://projects.acme.example/*'] });
    expect((await statusOf()).missingAccess).toContain('https://projects.acme.example/*');
    expect(
      await bg.send('createProject', { workspaceId: WORKSPACE_A, projectUrl: 'https://a.example/', projectName: 'A' }),
    ).toMatchObject({ ok: false, error: { code: 'ACCESS_NOT_GRANTED' } });
    expect(bg.services.projectApi.createProject).not.toHaveBeenCalled();
  });

  it('a project just created is in the next opening’s history, whose duplicate warning it feeds', async () => {
    expect((await open()).history.entries).toEqual([]);
    const created = expectOk(
      await bg.send('createProject', { workspaceId: WORKSPACE_A, projectUrl: 'https://a.example/p', projectName: 'P' }),
    );
    const { entries } = (await open()).history;
    expect(entries).toEqual([
      expect.objectContaining({ projectId: created.projectId, projectUrl: 'https://a.example/p' }),
    ]);
    expect((await open(WORKSPACE_B)).history.entries).toEqual([]);
  });

  it('a history another context damaged reads as empty and unreadable, and is read again once repaired', async () => {
    await open();
    await fakeBrowser.storage.local.set({ [workspaceKey(WORKSPACE_A, 'projectHistory')]: 'not a history' });
    await vi.waitFor(async () => expect((await open()).history).toEqual({ entries: [], unreadable: true }));
    const entry = {
      projectId: 'p-1',
      projectUrl: 'https://a.example/',
      projectName: 'A',
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    await fakeBrowser.storage.local.set({ [workspaceKey(WORKSPACE_A, 'projectHistory')]: [entry] });
    await vi.waitFor(async () => expect((await open()).history).toEqual({ entries: [entry], unreadable: false }));
  });
});
