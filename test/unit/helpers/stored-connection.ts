import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ConnectionSettings, StoredCredentials } from '@/lib/storage/connection/connection-schema';
import type { Credentials } from '@/lib/secrets';
import { credentialsV1ToV2 } from '@/lib/storage/credentials/credential-origins';
import { scopedName, type KeyScope } from '@/lib/storage/workspace-keys';
import { TEST_SCOPE } from './test-workspace';

type Addresses = Pick<ConnectionSettings, 'userGroupBaseUrl' | 'projectApiUrl'>;

/** The stored (version 2) form of these secrets, each bound to the origin of its API's address. */
export function storedCredentials(addresses: Addresses, credentials: Credentials): StoredCredentials {
  return credentialsV1ToV2(credentials, addresses);
}

/** A workspace's `credentials` key and its WXT version entry as the extension writes them, for storage.<area>.set. */
export function credentialsStorage(stored: StoredCredentials, scope: KeyScope = TEST_SCOPE): Record<string, unknown> {
  const name = scopedName(scope, 'credentials');
  return { [name]: stored, [`${name}$`]: { v: 2 } };
}

/** Stores settings, and the secrets bound to their addresses in the area the settings name (the test workspace by default). */
export async function seedConnection(
  settings: ConnectionSettings,
  credentials: Credentials,
  scope: KeyScope = TEST_SCOPE,
): Promise<void> {
  await fakeBrowser.storage.local.set({ [scopedName(scope, 'connectionSettings')]: settings });
  await fakeBrowser.storage[settings.secretsArea].set(
    credentialsStorage(storedCredentials(settings, credentials), scope),
  );
}
