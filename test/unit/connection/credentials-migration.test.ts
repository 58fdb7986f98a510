import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import type { ConnectionSettings, StoredCredentials } from '@/lib/storage/connection/connection-schema';
import type { Credentials } from '@/lib/secrets';
import { credentialsV1ToV2 } from '@/lib/storage/credentials/credential-origins';
import { credentialsItemsFor, migrateCredentialsToV2 } from '@/lib/storage/credentials/credentials-items';
import { readStorageNotices } from '@/lib/storage/notices-item';
import { loadStorageFixture } from '../fixtures/storage/load';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';

const settingsV1 = loadStorageFixture<ConnectionSettings>('connection-settings.v1.json');
const credentialsV1 = loadStorageFixture<Credentials>('credentials.v1.json');
const credentialsV2 = loadStorageFixture<StoredCredentials>('credentials.v2.json');

beforeEach(() => {
  fakeBrowser.reset();
});

describe('credentials version 1 -> 2', () => {
  it('the step turns the v1 example (with the v1 settings) into the v2 example', () => {
    expect(credentialsV1ToV2(credentialsV1, settingsV1)).toEqual(credentialsV2);
  });

  it.each(['local', 'session'] as const)(
    'an upgrade of %s credentials binds every secret to the configured origins and loses none',
    async (area) => {
      // Storage as version 1 left it: no version entry for the credentials.
      await fakeBrowser.storage.local.set({ [testKey('connectionSettings')]: { ...settingsV1, secretsArea: area } });
      await fakeBrowser.storage[area].set({ [testKey('credentials')]: credentialsV1 });
      await credentialsItemsFor(TEST_SCOPE)[area].migrate();

      const stored = await fakeBrowser.storage[area].get([testKey('credentials'), `${testKey('credentials')}$`]);
      expect(stored).toEqual({ [testKey('credentials')]: credentialsV2, [`${testKey('credentials')}$`]: { v: 2 } });
      expect(await createConnectionRepository(TEST_SCOPE).load()).toEqual({
        ...settingsV1,
        secretsArea: area,
        ...credentialsV1,
      });
      expect(await readStorageNotices()).toEqual([]);
    },
  );

  it('without settings the secrets are kept, bound to no origin', async () => {
    expect(await migrateCredentialsToV2(TEST_SCOPE, credentialsV1)).toEqual({
      userGroup: { origin: '', apiToken: credentialsV1.apiToken },
      project: { origin: '', apiKey: credentialsV1.apiKey, authToken: credentialsV1.authToken },
    });
  });

  it('leaves a value that is not version 1 (already version 2, or unreadable) to the validated read', async () => {
    expect(await migrateCredentialsToV2(TEST_SCOPE, credentialsV2)).toBe(credentialsV2);
    expect(await migrateCredentialsToV2(TEST_SCOPE, 42)).toBe(42);
  });
});
