import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import type { Credentials } from '@/lib/secrets';
import { bytesToBase64 } from '@/lib/crypto/base64';
import { LOCK_KEY_KEY, LOCK_STATE_KEY } from '@/lib/storage/lock/lock-keys';
import { createLockService } from '@/lib/lock/lock-service';
import { CredentialsLockedError } from '@/lib/storage/credentials/sealed-credentials';
import { workspaceKey, workspaceScope } from '@/lib/storage/workspace-keys';
import { seedConnection } from '../helpers/stored-connection';
import { PASSPHRASE, NEW_PASSPHRASE, SETTINGS } from '../helpers/lock-fixtures';

// The passphrase lock over two workspaces, one keeping its secrets in `local:`, one in `session:`.
const SECRETS: Record<string, Credentials> = {
  'ws-a': { apiToken: 'ug-token-aaaa-1111', apiKey: 'project-key-aaaa-2222', authToken: 'auth-token-aaaa-3333' },
  'ws-b': { apiToken: 'ug-token-bbbb-4444', apiKey: 'project-key-bbbb-5555', authToken: 'auth-token-bbbb-6666' },
};
const ALL_SECRETS = Object.values(SECRETS).flatMap((credentials) => Object.values(credentials));

const lock = () => createLockService();
const repository = (id: string) => createConnectionRepository(workspaceScope(id));

/** Every storage area as text: the place to look for a secret in clear (or in base64). */
async function everything(): Promise<string> {
  const areas = await Promise.all([
    fakeBrowser.storage.local.get(),
    fakeBrowser.storage.session.get(),
    fakeBrowser.storage.sync.get(),
  ]);
  return JSON.stringify(areas);
}
async function expectNoSecretInStorage(): Promise<void> {
  const text = await everything();
  for (const secret of ALL_SECRETS) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(bytesToBase64(new TextEncoder().encode(secret)).slice(0, 12));
  }
}

beforeEach(async () => {
  fakeBrowser.reset();
  await seedConnection(SETTINGS, SECRETS['ws-a']!, workspaceScope('ws-a'));
  await seedConnection({ ...SETTINGS, secretsArea: 'session' }, SECRETS['ws-b']!, workspaceScope('ws-b'));
});

describe('the passphrase lock', () => {
  it('a save that arrives while the lock is sealing waits its turn: its secrets are kept, and sealed', async () => {
    const typed = {
      apiToken: 'typed-token-cccc-7777',
      apiKey: 'typed-key-cccc-8888',
      authToken: 'typed-auth-cccc-9999',
    };
    // The save is sent at the worst moment: after turnOn has read the credentials, before it writes them.
    const sessionSet = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
    let save: Promise<unknown> | undefined;
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- storage.set does return a promise; the fake's type says void
    vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation((items) => {
      save ??= repository('ws-a').save({ ...SETTINGS, ...typed });
      return new Promise((resolve) => setTimeout(resolve, 20)).then(() => sessionSet(items));
    });
    await lock().turnOn(PASSPHRASE, '15');
    await save;
    const text = await everything();
    for (const secret of [...ALL_SECRETS, ...Object.values(typed)]) expect(text).not.toContain(secret);
    expect(await repository('ws-a').load()).toEqual({ ...SETTINGS, ...typed });
  });

  it('refuses a passphrase shorter than 12 characters and changes nothing', async () => {
    const before = await everything();
    expect(await lock().turnOn('short pass', '15')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'passphrase' },
    });
    expect(await everything()).toBe(before);
  });

  it('turned on, seals every workspace in both areas (local in one write), keeps the key only in session, and still serves the secrets', async () => {
    const localSet = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect(await lock().turnOn(PASSPHRASE, '15')).toEqual({
      ok: true,
      value: { enabled: true, locked: false, lockAfter: '15' },
    });
    expect(localSet).toHaveBeenCalledTimes(1);
    await expectNoSecretInStorage();
    expect((await fakeBrowser.storage.local.get(LOCK_KEY_KEY))[LOCK_KEY_KEY]).toBeUndefined();
    expect((await fakeBrowser.storage.session.get(LOCK_KEY_KEY))[LOCK_KEY_KEY]).toEqual(expect.any(String));
    expect(await repository('ws-a').load()).toEqual({ ...SETTINGS, ...SECRETS['ws-a'] });
    expect(await repository('ws-b').load()).toEqual({ ...SETTINGS, secretsArea: 'session', ...SECRETS['ws-b'] });
  });

  it('seals what is saved while unlocked, and reads it back', async () => {
    await lock().turnOn(PASSPHRASE, '15');
    const next = { apiToken: 'ug-token-cccc-7777', apiKey: '', authToken: '' };
    await repository('ws-a').save({ ...SETTINGS, ...next });
    expect(await everything()).not.toContain('ug-token-cccc-7777');
    expect((await repository('ws-a').load()).apiToken).toBe('ug-token-cccc-7777');
  });

  it('locked: nothing secret is served (LOCKED), a save is refused, a wrong passphrase is told, the right one unlocks', async () => {
    const service = lock();
    await service.turnOn(PASSPHRASE, 'close');
    expect(await service.lockNow()).toEqual({ ok: true, value: { enabled: true, locked: true, lockAfter: 'close' } });
    await expectNoSecretInStorage();
    expect(await repository('ws-a').require('project')).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    expect(await repository('ws-a').load()).toMatchObject({ apiKey: '', authToken: '', apiToken: '' });
    await expect(repository('ws-a').save({ ...SETTINGS, ...SECRETS['ws-a']! })).rejects.toBeInstanceOf(
      CredentialsLockedError,
    );
    expect(await service.unlock('not the passphrase')).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'passphrase' },
    });
    const started = performance.now();
    expect(await service.unlock(PASSPHRASE)).toMatchObject({ ok: true, value: { locked: false } });
    console.info(`unlock (PBKDF2-SHA256 600k + verifier) in Node: ${Math.round(performance.now() - started)} ms`);
    expect(await repository('ws-b').load()).toMatchObject(SECRETS['ws-b']!);
  });

  it('a worker restart while unlocked stays unlocked (the key is in session storage)', async () => {
    await lock().turnOn(PASSPHRASE, '15');
    expect(await lock().status()).toMatchObject({ locked: false });
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
    vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(() => Promise.resolve(true));
    expect(await createConnectionRepository(workspaceScope('ws-a')).require('userGroup')).toMatchObject({
      ok: true,
      value: SECRETS['ws-a'],
    });
  });

  it('changes the passphrase with one local write; the old one no longer unlocks', async () => {
    const service = lock();
    await service.turnOn(PASSPHRASE, '30');
    const sealedBefore = (await fakeBrowser.storage.local.get(workspaceKey('ws-a', 'credentials')))[
      workspaceKey('ws-a', 'credentials')
    ];
    const localSet = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect(await service.changePassphrase('wrong passphrase!', NEW_PASSPHRASE)).toMatchObject({
      ok: false,
      error: { field: 'passphrase' },
    });
    expect(await service.changePassphrase(PASSPHRASE, 'too short')).toMatchObject({
      ok: false,
      error: { field: 'newPassphrase' },
    });
    expect(await service.changePassphrase(PASSPHRASE, NEW_PASSPHRASE)).toMatchObject({
      ok: true,
      value: { enabled: true, locked: false, lockAfter: '30' },
    });
    expect(localSet).toHaveBeenCalledTimes(1);
    expect(
      (await fakeBrowser.storage.local.get(workspaceKey('ws-a', 'credentials')))[workspaceKey('ws-a', 'credentials')],
    ).not.toEqual(sealedBefore);
    await expectNoSecretInStorage();
    await service.lockNow();
    expect(await service.unlock(PASSPHRASE)).toMatchObject({ ok: false });
    expect(await service.unlock(NEW_PASSPHRASE)).toMatchObject({ ok: true });
    expect(await repository('ws-a').load()).toMatchObject(SECRETS['ws-a']!);
  });

  it('turned off with the passphrase, stores everything clear again and forgets the key', async () => {
    const service = lock();
    await service.turnOn(PASSPHRASE, '15');
    await service.lockNow();
    expect(await service.turnOff('wrong passphrase!')).toMatchObject({ ok: false });
    expect(await service.turnOff(PASSPHRASE)).toEqual({
      ok: true,
      value: { enabled: false, locked: false, lockAfter: '15' },
    });
    const text = await everything();
    for (const secret of ALL_SECRETS) expect(text).toContain(secret);
    expect(text).not.toContain(LOCK_KEY_KEY);
    expect((await fakeBrowser.storage.local.get(LOCK_STATE_KEY))[LOCK_STATE_KEY]).toBeUndefined();
  });

  it('forget works while locked, and the lock stays on: nothing turns it off without the passphrase (issue 24, finding 6)', async () => {
    const service = lock();
    await service.turnOn(PASSPHRASE, '15');
    await service.lockNow();
    await repository('ws-a').forget();
    await repository('ws-b').forget();
    expect(await service.status()).toMatchObject({ enabled: true, locked: true });
    await expect(repository('ws-a').save({ ...SETTINGS, ...SECRETS['ws-a']! })).rejects.toThrow(CredentialsLockedError);
    expect(await service.turnOff('not the passphrase')).toMatchObject({ ok: false, error: { field: 'passphrase' } });
    expect(await service.status()).toMatchObject({ enabled: true, locked: true });
  });

  it('a forgotten passphrase: Forget credentials says what it clears, clears every secret, and turns the lock off', async () => {
    const service = lock();
    await service.turnOn(PASSPHRASE, '15');
    await service.lockNow();
    expect(await service.describeForgetEverything()).toEqual({ credentials: 2, tokens: 0 });
    expect(await service.forgetEverything()).toMatchObject({
      ok: true,
      value: { credentials: 2, tokens: 0, status: { enabled: false, locked: false } },
    });
    expect(await repository('ws-a').load()).toMatchObject({ apiToken: '', apiKey: '', authToken: '' });
    await repository('ws-a').save({ ...SETTINGS, ...SECRETS['ws-a']! });
    expect(await repository('ws-a').load()).toMatchObject(SECRETS['ws-a']!);
  });

  it('ignores a lock state of the wrong shape (validated read)', async () => {
    await fakeBrowser.storage.local.set({ [LOCK_STATE_KEY]: { v: 99 } });
    expect(await lock().status()).toMatchObject({ enabled: false });
  });
});
