import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetCredentials, loadConnection, mergeCredentials, saveConnection } from '@/lib/connection/connection-repository';
import type { ConnectionSettings, Credentials } from '@/lib/connection/connection-schema';
import { readStorageNotices } from '@/lib/storage/notices-item';
import { loadStorageFixture } from '../fixtures/storage/load';

const settingsV1 = loadStorageFixture<ConnectionSettings>('connection-settings.v1.json');
const settingsCorrupt = loadStorageFixture('connection-settings.corrupt.json');
const credentialsV1 = loadStorageFixture<Credentials>('credentials.v1.json');
const credentialsCorrupt = loadStorageFixture<Record<string, unknown>>('credentials.corrupt.json');

const EMPTY = { apiToken: '', apiKey: '', authToken: '' };

async function raw(area: 'local' | 'session', key: string): Promise<unknown> {
  return (await fakeBrowser.storage[area].get(key))[key];
}

async function seed(settings: ConnectionSettings, credentials: Credentials) {
  await fakeBrowser.storage.local.set({ connectionSettings: settings });
  await fakeBrowser.storage[settings.secretsArea].set({ credentials });
}

beforeEach(() => {
  fakeBrowser.reset();
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
    expect(await raw('local', 'credentials')).toEqual(credentialsV1);
    expect(await raw('session', 'credentials')).toBeUndefined();
  });

  it('keeps a stored secret when the update leaves it empty or whitespace-only, and trims typed ones', async () => {
    await seed(settingsV1, credentialsV1);
    const saved = await saveConnection({
      ...settingsV1,
      projectApiUrl: 'https://other.example.com',
      apiToken: '  new-api-token-0000  ',
      apiKey: '',
      authToken: ' \t ',
    });
    const expected = { apiToken: 'new-api-token-0000', apiKey: credentialsV1.apiKey, authToken: credentialsV1.authToken };
    expect(saved).toMatchObject(expected);
    expect(await raw('local', 'credentials')).toEqual(expected);
    expect(await loadConnection()).toEqual({ ...settingsV1, projectApiUrl: 'https://other.example.com', ...expected });
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
    expect(await raw('session', 'credentials')).toEqual(credentialsV1);
    expect(await raw('local', 'credentials')).toEqual(EMPTY);
    expect(await raw('local', 'connectionSettings')).toEqual({ ...settingsV1, secretsArea: 'session' });
    expect(await loadConnection()).toEqual({ ...settingsV1, secretsArea: 'session', ...credentialsV1 });

    await saveConnection({ ...settingsV1, secretsArea: 'local', ...EMPTY });
    expect(await raw('local', 'credentials')).toEqual(credentialsV1);
    expect(await raw('session', 'credentials')).toEqual(EMPTY);
    expect(await loadConnection()).toEqual({ ...settingsV1, ...credentialsV1 });
  });

  it('applies a new secret typed while moving areas', async () => {
    await seed(settingsV1, credentialsV1);
    await saveConnection({ ...settingsV1, secretsArea: 'session', apiToken: '', apiKey: 'moved-new-key-1111', authToken: '' });
    expect(await raw('session', 'credentials')).toEqual({ ...credentialsV1, apiKey: 'moved-new-key-1111' });
    expect(await raw('local', 'credentials')).toEqual(EMPTY);
  });

  it('refuses to store a value of the wrong shape', async () => {
    await expect(saveConnection({ ...settingsV1, secretsArea: 'sync' as never, ...credentialsV1 })).rejects.toThrow();
    expect(await raw('local', 'connectionSettings')).toBeUndefined();
    expect(await raw('local', 'credentials')).toBeUndefined();
  });
});

describe('mergeCredentials', () => {
  const stored = { apiToken: 'stored-t', apiKey: 'stored-k', authToken: 'stored-a' };
  it.each<[string, Credentials, Credentials]>([
    ['all empty keeps everything', EMPTY, stored],
    ['whitespace counts as empty', { apiToken: '   ', apiKey: '\n', authToken: '\t' }, stored],
    ['typed values replace, trimmed', { apiToken: ' t ', apiKey: 'k', authToken: '' }, { apiToken: 't', apiKey: 'k', authToken: 'stored-a' }],
  ])('%s', (_label, update, expected) => {
    expect(mergeCredentials(stored, update)).toEqual(expected);
    expect(stored).toEqual({ apiToken: 'stored-t', apiKey: 'stored-k', authToken: 'stored-a' });
  });
});

describe('forgetCredentials', () => {
  it('empties both areas and keeps the settings', async () => {
    await seed(settingsV1, credentialsV1);
    await fakeBrowser.storage.session.set({ credentials: { ...credentialsV1, apiKey: 'session-key-2222' } });
    await forgetCredentials();
    expect(await raw('local', 'credentials')).toEqual(EMPTY);
    expect(await raw('session', 'credentials')).toEqual(EMPTY);
    expect(await loadConnection()).toEqual({ ...settingsV1, ...EMPTY });
  });
});

describe('corrupt stored data', () => {
  it.each<[string, unknown]>([
    ['a number', 42],
    ['the corrupt fixture', credentialsCorrupt],
    ['a string', 'fixture-api-token-7f3a9b2c'],
    ['an array', [credentialsV1]],
  ])('credentials that are %s: fallback, reset, notice, and a warning without the stored value', async (_label, value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ connectionSettings: settingsV1, credentials: value });

    expect(await loadConnection()).toEqual({ ...settingsV1, ...EMPTY });
    expect(await raw('local', 'credentials')).toBeUndefined();
    expect(await raw('local', 'connectionSettings')).toEqual(settingsV1);
    expect(await readStorageNotices()).toEqual(['The saved credentials could not be read and was reset. Please enter it again.']);

    expect(warn).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).toContain('credentials');
    expect(logged).not.toContain(JSON.stringify(value));
    for (const secret of [String(credentialsCorrupt.apiToken), credentialsV1.apiToken]) expect(logged).not.toContain(secret);
  });

  it('corrupt session credentials are reset the same way', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ connectionSettings: { ...settingsV1, secretsArea: 'session' } });
    await fakeBrowser.storage.session.set({ credentials: credentialsCorrupt });
    expect(await loadConnection()).toEqual({ ...settingsV1, secretsArea: 'session', ...EMPTY });
    expect(await raw('session', 'credentials')).toBeUndefined();
    expect(await readStorageNotices()).toHaveLength(1);
  });

  it('corrupt settings: fallback settings, item reset, notice, no stored value in the warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ connectionSettings: settingsCorrupt, credentials: credentialsV1 });

    expect(await loadConnection()).toEqual({ userGroupBaseUrl: '', projectApiUrl: '', secretsArea: 'local', ...credentialsV1 });
    expect(await raw('local', 'connectionSettings')).toBeUndefined();
    expect(await raw('local', 'credentials')).toEqual(credentialsV1);
    expect(await readStorageNotices()).toEqual(['The saved connection settings could not be read and was reset. Please enter it again.']);
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).toContain('connection settings');
    expect(logged).not.toContain('ug.example.com');
  });

  it('a repeated problem is noted once, and a save afterwards works', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ credentials: 42 });
    await loadConnection();
    await fakeBrowser.storage.local.set({ credentials: 43 });
    await loadConnection();
    expect(await readStorageNotices()).toHaveLength(1);

    await saveConnection({ ...settingsV1, ...credentialsV1 });
    expect(await loadConnection()).toEqual({ ...settingsV1, ...credentialsV1 });
  });

  it('does not keep unreadable credentials aside: secrets must not linger where Forget cannot see them', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ connectionSettings: settingsV1, credentials: credentialsCorrupt });
    await loadConnection();
    const local = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(local).filter((key) => key.startsWith('corrupt:'))).toEqual([]);
    expect(JSON.stringify(local)).not.toContain(String(credentialsCorrupt.apiToken));
  });

  it('forgetCredentials leaves no secret from corrupt credentials anywhere in storage', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ connectionSettings: settingsV1, credentials: credentialsCorrupt });
    await loadConnection();
    await forgetCredentials();
    const everything = JSON.stringify([await fakeBrowser.storage.local.get(null), await fakeBrowser.storage.session.get(null)]);
    expect(everything).not.toContain(String(credentialsCorrupt.apiToken));
  });

  it('corrupt notices themselves do not break adding a notice', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ storageNotices: 'not an array', credentials: 42 });
    expect(await readStorageNotices()).toEqual([]);
    await loadConnection();
    expect(await readStorageNotices()).toHaveLength(1);
  });
});
