import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createConnectionRepository, type ConnectionRepository } from '@/lib/connection/connection-repository';
import type { ConnectionSettings, StoredCredentials } from '@/lib/storage/connection/connection-schema';
import type { Credentials } from '@/lib/secrets';
import { messageText } from '@/lib/message-ref';
import { readStorageNotices } from '@/lib/storage/notices-item';
import { loadStorageFixture } from '../fixtures/storage/load';
import { credentialsStorage, seedConnection as seed, storedCredentials } from '../helpers/stored-connection';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';

/** The test workspace's storage names. */
const K = { connectionSettings: testKey('connectionSettings'), credentials: testKey('credentials') };

// The repository of the test workspace, new for each test (as a new worker would make it).
let repository: ConnectionRepository;
const loadConnection = () => repository.load();
const saveConnection = (...args: Parameters<ConnectionRepository['save']>) => repository.save(...args);
const forgetCredentials = () => repository.forget();

const settingsV1 = loadStorageFixture<ConnectionSettings>('connection-settings.v1.json');
const settingsCorrupt = loadStorageFixture('connection-settings.corrupt.json');
const credentialsV1 = loadStorageFixture<Credentials>('credentials.v1.json');
const credentialsCorrupt = loadStorageFixture<Record<string, unknown>>('credentials.corrupt.json');
const storedV2 = loadStorageFixture<StoredCredentials>('credentials.v2.json');

const EMPTY = { apiToken: '', apiKey: '', authToken: '' };
const EMPTY_STORED = { userGroup: { origin: '', apiToken: '' }, project: { origin: '', apiKey: '', authToken: '' } };
/** The secrets as stored for the settings fixture's addresses. */
const bound = (credentials: Credentials, settings: ConnectionSettings = settingsV1) =>
  storedCredentials(settings, credentials);

async function raw(
  area: 'local' | 'session',
  name: 'connectionSettings' | 'credentials' | 'credentials$',
): Promise<unknown> {
  const key = name === 'credentials$' ? `${K.credentials}$` : K[name];
  return (await fakeBrowser.storage[area].get(key))[key];
}

beforeEach(() => {
  fakeBrowser.reset();
  repository = createConnectionRepository(TEST_SCOPE);
});

describe('loadConnection', () => {
  it('falls back to an empty connection in tests (MODE is "test", not a dev build)', async () => {
    expect(import.meta.env.MODE).toBe('test');
    expect(await loadConnection()).toEqual({ userGroupBaseUrl: '', projectApiUrl: '', secretsArea: 'local', ...EMPTY });
  });

  it('reads the settings and the credentials from the area the settings name', async () => {
    await seed(settingsV1, credentialsV1);
    expect(await loadConnection()).toEqual({ ...settingsV1, ...credentialsV1 });

    await seed({ ...settingsV1, secretsArea: 'session' }, { ...credentialsV1, apiKey: 'session-key-0000' });
    expect(await loadConnection()).toMatchObject({ secretsArea: 'session', apiKey: 'session-key-0000' });
  });
});

describe('saveConnection', () => {
  it('saves, and a load gives back what was saved', async () => {
    await saveConnection({ ...settingsV1, ...credentialsV1 });
    expect(await loadConnection()).toEqual({ ...settingsV1, ...credentialsV1 });
    expect(await raw('local', 'connectionSettings')).toEqual(settingsV1);
    expect(await raw('local', 'credentials')).toEqual(storedV2);
    expect(await raw('local', 'credentials$')).toEqual({ v: 2 });
    expect(await raw('session', 'credentials')).toBeUndefined();
  });

  it('keeps a stored secret when the update leaves it empty or whitespace-only, and trims typed ones', async () => {
    await seed(settingsV1, credentialsV1);
    const saved = await saveConnection({
      ...settingsV1,
      projectApiUrl: 'https://projects.example.com/v2/createProject',
      apiToken: '  new-api-token-0000  ',
      apiKey: '',
      authToken: ' \t ',
    });
    const expected = {
      apiToken: 'new-api-token-0000',
      apiKey: credentialsV1.apiKey,
      authToken: credentialsV1.authToken,
    };
    expect(saved).toMatchObject(expected);
    expect(await raw('local', 'credentials')).toEqual(bound(expected));
    expect(await loadConnection()).toEqual({
      ...settingsV1,
      projectApiUrl: 'https://projects.example.com/v2/createProject',
      ...expected,
    });
  });

  // Regression: mergeCredentials once copied the whole stored connection, so saveConnection returned
  // the previous addresses and area (storage was right, the answer to the page was not).
  it.each<[string, ConnectionSettings | undefined]>([
    ['on a first save', undefined],
    ['when the addresses and the area change', settingsV1],
  ])('returns the settings it saved, %s', async (_label, before) => {
    if (before) await seed(before, credentialsV1);
    const next: ConnectionSettings = {
      userGroupBaseUrl: 'https://new-ug.example.com',
      projectApiUrl: 'https://new-projects.example.com',
      secretsArea: 'session',
    };
    const saved = await saveConnection({ ...next, ...credentialsV1 });
    expect(saved).toEqual({ ...next, ...credentialsV1 });
    // what was stored is right: only the returned value is stale
    expect(await loadConnection()).toEqual({ ...next, ...credentialsV1 });
  });

  it('moves the secrets local -> session -> local without loss, emptying the old area', async () => {
    await seed(settingsV1, credentialsV1);

    await saveConnection({ ...settingsV1, secretsArea: 'session', ...EMPTY });
    expect(await raw('session', 'credentials')).toEqual(storedV2);
    expect(await raw('local', 'credentials')).toEqual(EMPTY_STORED);
    expect(await raw('local', 'connectionSettings')).toEqual({ ...settingsV1, secretsArea: 'session' });
    expect(await loadConnection()).toEqual({ ...settingsV1, secretsArea: 'session', ...credentialsV1 });

    await saveConnection({ ...settingsV1, secretsArea: 'local', ...EMPTY });
    expect(await raw('local', 'credentials')).toEqual(storedV2);
    expect(await raw('session', 'credentials')).toEqual(EMPTY_STORED);
    expect(await loadConnection()).toEqual({ ...settingsV1, ...credentialsV1 });
  });

  it('applies a new secret typed while moving areas', async () => {
    await seed(settingsV1, credentialsV1);
    await saveConnection({
      ...settingsV1,
      secretsArea: 'session',
      apiToken: '',
      apiKey: 'moved-new-key-1111',
      authToken: '',
    });
    expect(await raw('session', 'credentials')).toEqual(bound({ ...credentialsV1, apiKey: 'moved-new-key-1111' }));
    expect(await raw('local', 'credentials')).toEqual(EMPTY_STORED);
  });

  it('refuses to store a value of the wrong shape', async () => {
    await expect(saveConnection({ ...settingsV1, secretsArea: 'sync' as never, ...credentialsV1 })).rejects.toThrow();
    expect(await raw('local', 'connectionSettings')).toBeUndefined();
    expect(await raw('local', 'credentials')).toBeUndefined();
  });
});

describe('a secret belongs to the origin it was entered for', () => {
  it.each<[string, Partial<ConnectionSettings>, Credentials]>([
    [
      'the project API moves to another host',
      { projectApiUrl: 'https://evil.example.net/createProject' },
      { ...credentialsV1, apiKey: '', authToken: '' },
    ],
    [
      'the project API moves to another port',
      { projectApiUrl: 'https://projects.example.com:8443/createProject' },
      { ...credentialsV1, apiKey: '', authToken: '' },
    ],
    [
      'the user group API moves to http on another scheme',
      { userGroupBaseUrl: 'http://localhost/prefix' },
      { ...credentialsV1, apiToken: '' },
    ],
    ['the user group API address is cleared', { userGroupBaseUrl: '' }, { ...credentialsV1, apiToken: '' }],
    [
      'only the paths change',
      { userGroupBaseUrl: 'https://ug.example.com/v2', projectApiUrl: 'https://projects.example.com/other' },
      credentialsV1,
    ],
  ])(
    'saved with the secret fields empty when %s: only the secrets of an API whose origin changed are dropped',
    async (_label, addresses, expected) => {
      await seed(settingsV1, credentialsV1);
      const next = { ...settingsV1, ...addresses };
      const saved = await saveConnection({ ...next, ...EMPTY });
      expect(saved).toEqual({ ...next, ...expected });
      expect(await loadConnection()).toEqual({ ...next, ...expected });
      // Not kept aside either: the stored record holds only what may be used with the new addresses.
      expect(await raw('local', 'credentials')).toEqual(bound(expected, next));
      const stored = JSON.stringify(await fakeBrowser.storage.local.get(null));
      for (const field of ['apiToken', 'apiKey', 'authToken'] as const) {
        if (!expected[field]) expect(stored).not.toContain(credentialsV1[field]);
      }
    },
  );

  it('a secret typed with the new address is bound to the new origin', async () => {
    await seed(settingsV1, credentialsV1);
    const next = { ...settingsV1, projectApiUrl: 'https://new-projects.example.org/create' };
    await saveConnection({ ...next, apiToken: '', apiKey: 'new-key-5555', authToken: 'new-auth-6666' });
    expect(await raw('local', 'credentials')).toEqual({
      userGroup: storedV2.userGroup,
      project: { origin: 'https://new-projects.example.org', apiKey: 'new-key-5555', authToken: 'new-auth-6666' },
    });
    expect(await loadConnection()).toEqual({
      ...next,
      apiToken: credentialsV1.apiToken,
      apiKey: 'new-key-5555',
      authToken: 'new-auth-6666',
    });
  });

  // At the point of use: settings changed behind the repository's back (another version, a bug) still
  // never pair a secret with an address of another origin.
  it('loadConnection reads a secret stored for another origin as not set', async () => {
    await fakeBrowser.storage.local.set({
      [K.connectionSettings]: { ...settingsV1, projectApiUrl: 'https://evil.example.net/createProject' },
      ...credentialsStorage(storedV2),
    });
    expect(await loadConnection()).toEqual({
      ...settingsV1,
      projectApiUrl: 'https://evil.example.net/createProject',
      apiToken: credentialsV1.apiToken,
      apiKey: '',
      authToken: '',
    });
  });
});

describe('saving is serialized and atomic', () => {
  it('15 concurrent saves with distinct secrets: the last one sent wins and no secret is lost', async () => {
    await seed(settingsV1, credentialsV1);
    const fields = ['apiToken', 'apiKey', 'authToken'] as const;
    // Save i types one secret (so a save that read before an earlier one wrote would undo it) and
    // moves the secrets between local and session every other time.
    const saves = Array.from({ length: 15 }, (_, i) => ({
      ...settingsV1,
      ...EMPTY,
      secretsArea: i % 2 === 0 ? ('session' as const) : ('local' as const),
      [fields[i % 3]!]: `concurrent-secret-${i}-0000`,
    }));
    await Promise.all(saves.map((update) => saveConnection(update)));
    const expected = {
      apiToken: 'concurrent-secret-12-0000',
      apiKey: 'concurrent-secret-13-0000',
      authToken: 'concurrent-secret-14-0000',
    };
    expect(await loadConnection()).toEqual({ ...settingsV1, secretsArea: 'session', ...expected });
    expect(await raw('session', 'credentials')).toEqual(bound(expected));
    expect(await raw('local', 'credentials')).toEqual(EMPTY_STORED);
  });

  it('a forget queued behind a save runs after it, and a save queued behind a forget keeps only what it typed', async () => {
    await seed(settingsV1, credentialsV1);
    await Promise.all([
      saveConnection({ ...settingsV1, ...EMPTY, apiKey: 'before-forget-7777' }),
      forgetCredentials(),
      saveConnection({ ...settingsV1, ...EMPTY, apiToken: 'after-forget-8888' }),
    ]);
    expect(await loadConnection()).toEqual({ ...settingsV1, ...EMPTY, apiToken: 'after-forget-8888' });
  });

  it('settings and local secrets are written in one storage call', async () => {
    await seed(settingsV1, credentialsV1);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await saveConnection({ ...settingsV1, ...EMPTY, apiToken: 'one-call-9999' });
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(set.mock.calls[0]![0]).sort()).toEqual([
      K.connectionSettings,
      K.credentials,
      `${K.credentials}$`,
    ]);
  });

  it('moving to session: the secrets are written first, then the settings with the local copy cleared in one call', async () => {
    await seed(settingsV1, credentialsV1);
    const sessionSet = vi.spyOn(fakeBrowser.storage.session, 'set');
    const localSet = vi.spyOn(fakeBrowser.storage.local, 'set');
    await saveConnection({ ...settingsV1, ...EMPTY, secretsArea: 'session' });
    expect(sessionSet.mock.calls).toEqual([[credentialsStorage(storedV2)]]);
    expect(localSet.mock.calls).toEqual([
      [{ [K.connectionSettings]: { ...settingsV1, secretsArea: 'session' }, ...credentialsStorage(EMPTY_STORED) }],
    ]);
    expect(sessionSet.mock.invocationCallOrder[0]).toBeLessThan(localSet.mock.invocationCallOrder[0]!);
  });
});

describe('forgetCredentials', () => {
  it('empties both areas and keeps the settings', async () => {
    await seed(settingsV1, credentialsV1);
    await fakeBrowser.storage.session.set(credentialsStorage(bound({ ...credentialsV1, apiKey: 'session-key-2222' })));
    await forgetCredentials();
    expect(await raw('local', 'credentials')).toEqual(EMPTY_STORED);
    expect(await raw('session', 'credentials')).toEqual(EMPTY_STORED);
    expect(await loadConnection()).toEqual({ ...settingsV1, ...EMPTY });
  });
});

describe('corrupt stored data', () => {
  it.each<[string, unknown]>([
    ['a number', 42],
    ['the corrupt fixture', credentialsCorrupt],
    ['a string', 'fixture-api-token-7f3a9b2c'],
    ['an array', [credentialsV1]],
  ])(
    'credentials that are %s: fallback, reset, notice, and a warning without the stored value',
    async (_label, value) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await fakeBrowser.storage.local.set({ [K.connectionSettings]: settingsV1, [K.credentials]: value });

      expect(await loadConnection()).toEqual({ ...settingsV1, ...EMPTY });
      expect(await raw('local', 'credentials')).toBeUndefined();
      expect(await raw('local', 'connectionSettings')).toEqual(settingsV1);
      expect((await readStorageNotices()).map(messageText)).toEqual([
        'The saved credentials could not be read and was reset. Please enter it again.',
      ]);

      expect(warn).toHaveBeenCalledTimes(1);
      const logged = JSON.stringify(warn.mock.calls);
      expect(logged).toContain('credentials');
      expect(logged).not.toContain(JSON.stringify(value));
      for (const secret of [String(credentialsCorrupt.apiToken), credentialsV1.apiToken])
        expect(logged).not.toContain(secret);
    },
  );

  it('corrupt session credentials are reset the same way', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ [K.connectionSettings]: { ...settingsV1, secretsArea: 'session' } });
    await fakeBrowser.storage.session.set({ [K.credentials]: credentialsCorrupt });
    expect(await loadConnection()).toEqual({ ...settingsV1, secretsArea: 'session', ...EMPTY });
    expect(await raw('session', 'credentials')).toBeUndefined();
    expect(await readStorageNotices()).toHaveLength(1);
  });

  it('corrupt settings: fallback settings, item reset, notice, no stored value in the warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ [K.connectionSettings]: settingsCorrupt, ...credentialsStorage(storedV2) });

    // The fallback settings have no addresses, so no secret is usable; none is deleted either.
    expect(await loadConnection()).toEqual({ userGroupBaseUrl: '', projectApiUrl: '', secretsArea: 'local', ...EMPTY });
    expect(await raw('local', 'connectionSettings')).toBeUndefined();
    expect(await raw('local', 'credentials')).toEqual(storedV2);
    expect((await readStorageNotices()).map(messageText)).toEqual([
      'The saved connection settings could not be read and was reset. Please enter it again.',
    ]);
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).toContain('connection settings');
    expect(logged).not.toContain('ug.example.com');
  });

  it('a repeated problem is noted once, and a save afterwards works', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ [K.credentials]: 42 });
    await loadConnection();
    await fakeBrowser.storage.local.set({ [K.credentials]: 43 });
    await loadConnection();
    expect(await readStorageNotices()).toHaveLength(1);

    await saveConnection({ ...settingsV1, ...credentialsV1 });
    expect(await loadConnection()).toEqual({ ...settingsV1, ...credentialsV1 });
  });

  it('does not keep unreadable credentials aside: secrets must not linger where Forget cannot see them', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ [K.connectionSettings]: settingsV1, [K.credentials]: credentialsCorrupt });
    await loadConnection();
    const local = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(local).filter((key) => key.startsWith('corrupt:'))).toEqual([]);
    expect(JSON.stringify(local)).not.toContain(String(credentialsCorrupt.apiToken));
  });

  it('forgetCredentials leaves no secret from corrupt credentials anywhere in storage', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ [K.connectionSettings]: settingsV1, [K.credentials]: credentialsCorrupt });
    await loadConnection();
    await forgetCredentials();
    const everything = JSON.stringify([
      await fakeBrowser.storage.local.get(null),
      await fakeBrowser.storage.session.get(null),
    ]);
    expect(everything).not.toContain(String(credentialsCorrupt.apiToken));
  });

  it('corrupt notices themselves do not break adding a notice', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ storageNotices: 'not an array', [K.credentials]: 42 });
    expect(await readStorageNotices()).toEqual([]);
    await loadConnection();
    expect(await readStorageNotices()).toHaveLength(1);
  });
});
