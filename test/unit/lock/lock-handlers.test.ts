// The passphrase lock through the background's router, over two workspaces (one with its secrets in
// `session:`): what works while locked, what answers LOCKED, and that setup files go sealed too.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { writeSetupFile } from '@/lib/setup-file/write-setup-file';
import { expectOk } from '../helpers/results';
import {
  ACCOUNTS,
  seedTwoWorkspaces,
  startBackground,
  WORKSPACE_A,
  WORKSPACE_B,
} from '../workspaces/background-fixture';

const PASSPHRASE = 'handlers passphrase';
const SECRETS = [...Object.values(ACCOUNTS.a.credentials), ...Object.values(ACCOUNTS.b.credentials)];
const everything = async () =>
  JSON.stringify([await fakeBrowser.storage.local.get(null), await fakeBrowser.storage.session.get(null)]);
const LOCKED = { ok: false, error: { code: 'LOCKED' } };

let bg: ReturnType<typeof startBackground>;
let idleInterval: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  fakeBrowser.reset();
  await seedTwoWorkspaces();
  bg = startBackground();
  idleInterval = vi.spyOn(fakeBrowser.idle, 'setDetectionInterval').mockImplementation(() => undefined);
  expectOk(await bg.send('turnOnLock', { passphrase: PASSPHRASE, lockAfter: '15' }));
});

describe('the lock in the background', () => {
  it('unlocked: no secret is stored in clear, and projects are created with the sealed credentials', async () => {
    const text = await everything();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const created = expectOk(
      await bg.send('createProject', {
        workspaceId: WORKSPACE_B,
        projectUrl: 'https://site.example/b',
        projectName: 'B',
      }),
    );
    expect(created.projectId).toContain(ACCOUNTS.b.credentials.apiKey);
    const status = expectOk(await bg.send('getConnectionStatus', { workspaceId: WORKSPACE_A }));
    expect(status).toMatchObject({ projectApiReady: true });
    expect(status.locked).toBeUndefined();
    expect(idleInterval).toHaveBeenCalledWith(15 * 60);
    expectOk(await bg.send('setLockAfter', { lockAfter: '60' }));
    expect(idleInterval).toHaveBeenLastCalledWith(60 * 60);
  });

  it('locked: what needs a secret answers LOCKED, the rest works, and unlocking lets it work again', async () => {
    expect(expectOk(await bg.send('lockNow', {}))).toMatchObject({ enabled: true, locked: true });
    expect(
      await bg.send('createProject', {
        workspaceId: WORKSPACE_A,
        projectUrl: 'https://site.example/a',
        projectName: 'A',
      }),
    ).toMatchObject(LOCKED);
    expect(
      await bg.send('createUserGroup', {
        workspaceId: WORKSPACE_A,
        name: 'G',
        userGroupId: 'g-1',
        environment: 'Testing',
      }),
    ).toMatchObject(LOCKED);
    // Sealed secrets read as saved (so Forget credentials is offered), without their last characters.
    expect(expectOk(await bg.send('getConnectionStatus', { workspaceId: WORKSPACE_A }))).toMatchObject({
      locked: true,
      projectApiReady: false,
      masked: { apiToken: '••••', apiKey: '••••', authToken: '••••' },
    });
    const save = { workspaceId: WORKSPACE_A, ...ACCOUNTS.a.settings, apiToken: '', apiKey: '', authToken: '' };
    expect(await bg.send('saveConnection', save)).toMatchObject(LOCKED);
    expect(
      await bg.send('exportSetupFile', {
        workspaceId: WORKSPACE_A,
        passphrase: 'a setup passphrase',
        includeUserGroupApi: false,
      }),
    ).toMatchObject(LOCKED);
    expect(
      await bg.send('importSetupFile', { text: '{}', passphrase: 'a setup passphrase', replace: false }),
    ).toMatchObject(LOCKED);
    // The registry's tokens are sealed too: an export (or an import preview) asks to unlock first.
    expect(await bg.send('readUserGroupRegistry', { workspaceId: WORKSPACE_A })).toMatchObject(LOCKED);

    expect(await bg.send('unlock', { passphrase: 'the wrong passphrase' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'passphrase' },
    });
    expectOk(await bg.send('unlock', { passphrase: PASSPHRASE }));
    expectOk(
      await bg.send('createProject', {
        workspaceId: WORKSPACE_A,
        projectUrl: 'https://site.example/a',
        projectName: 'A',
      }),
    );
    expectOk(await bg.send('readUserGroupRegistry', { workspaceId: WORKSPACE_A }));
  });

  it('forget works while locked and leaves the lock on; Forget credentials (all) turns it off, and a save stores new secrets', async () => {
    await bg.send('lockNow', {});
    expectOk(await bg.send('forgetCredentials', { workspaceId: WORKSPACE_A }));
    expectOk(await bg.send('forgetCredentials', { workspaceId: WORKSPACE_B }));
    expect(expectOk(await bg.send('getLockStatus', {}))).toMatchObject({ enabled: true, locked: true });
    expect(expectOk(await bg.send('forgetAllCredentials', {}))).toMatchObject({ status: { enabled: false } });
    expectOk(
      await bg.send('saveConnection', { workspaceId: WORKSPACE_A, ...ACCOUNTS.a.settings, ...ACCOUNTS.a.credentials }),
    );
    // Another page than the test before's: that one's history entry may still be on its way to storage.
    expectOk(
      await bg.send('createProject', {
        workspaceId: WORKSPACE_A,
        projectUrl: 'https://site.example/after-forget',
        projectName: 'A',
      }),
    );
  });

  it('deleting and clearing workspaces while locked leave the lock on (issue 24, finding 6)', async () => {
    await bg.send('lockNow', {});
    expectOk(await bg.send('deleteWorkspace', { workspaceId: WORKSPACE_B }));
    expectOk(await bg.send('clearWorkspace', { workspaceId: WORKSPACE_A }));
    expect(expectOk(await bg.send('getLockStatus', {}))).toMatchObject({ enabled: true, locked: true });
  });

  it('a setup file imported while unlocked is stored sealed', async () => {
    const written = await writeSetupFile(
      {
        workspace: {
          name: 'Imported',
          projectApiUrl: 'https://projects.imported.example/create',
          userGroupBaseUrl: '',
        },
        secrets: { apiKey: 'imported-api-key-9999', authToken: 'imported-auth-token-0000', apiToken: '' },
        includeUserGroupApi: false,
      },
      'a setup passphrase',
    );
    if (!written.ok) throw new Error('the setup file was not written');
    const imported = expectOk(
      await bg.send('importSetupFile', { text: written.value, passphrase: 'a setup passphrase', replace: false }),
    );
    expect(imported.status).toBe('imported');
    expect(await everything()).not.toContain('imported-auth-token-0000');
    if (imported.status !== 'imported') return;
    const created = expectOk(
      await bg.send('createProject', {
        workspaceId: imported.workspace.id,
        projectUrl: 'https://site.example/i',
        projectName: 'I',
      }),
    );
    expect(created.projectId).toContain('imported-api-key-9999');
  });
});

describe('the idle lock', () => {
  it('closes the lock when the browser reports idle (or a locked screen), unless it is set to the browser closing', async () => {
    let listener: ((state: string) => void) | undefined;
    vi.spyOn(fakeBrowser.idle.onStateChanged, 'addListener').mockImplementation(
      (added) => void (listener = added as (state: string) => void),
    );
    const { watchIdle } = await import('@/entrypoints/background/lock-idle');
    const lock = bg.lock;
    watchIdle(lock);
    listener?.('active');
    await vi.waitFor(async () => expect(await lock.status()).toMatchObject({ locked: false }));
    listener?.('idle');
    await vi.waitFor(async () => expect(await lock.status()).toMatchObject({ locked: true }));
    expectOk(await bg.send('unlock', { passphrase: PASSPHRASE }));
    expectOk(await bg.send('setLockAfter', { lockAfter: 'close' }));
    listener?.('locked');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lock.status()).toMatchObject({ locked: false });
  });
});

describe('a bulk create and the lock', () => {
  it('pauses when the lock closes (no row is sent while locked) and carries on by itself after unlocking', async () => {
    const rows = Array.from({ length: 4 }, (_, index) => ({
      line: index + 2,
      name: `Locked ${index}`,
      userGroupId: `locked-${index}`,
      environment: 'Testing' as const,
    }));
    expectOk(await bg.send('startBulkCreate', { workspaceId: WORKSPACE_A, rows, ratePerMinute: null }));
    await vi.waitFor(() => expect(bg.services.userGroupApi.createUserGroup).toHaveBeenCalled());
    expectOk(await bg.send('lockNow', {}));
    const job = async () =>
      (await fakeBrowser.storage.local.get(`ws.${WORKSPACE_A}.bulkCreateJob`))[`ws.${WORKSPACE_A}.bulkCreateJob`] as {
        status: string;
        created: number;
      };
    await vi.waitFor(async () => expect((await job()).status).toMatch(/paused|done/));
    const sent = bg.services.userGroupApi.createUserGroup.mock.calls.length;
    expectOk(await bg.send('unlock', { passphrase: PASSPHRASE }));
    await vi.waitFor(async () => expect(await job()).toMatchObject({ status: 'done', created: 4 }), { timeout: 3000 });
    expect(bg.services.userGroupApi.createUserGroup.mock.calls.length).toBeGreaterThanOrEqual(Math.min(sent, 4));
    const text = await everything();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});
