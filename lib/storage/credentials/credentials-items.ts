import { storage } from '../storage-api';
import { connectionSettingsItemFor } from '../connection/connection-settings-item';
import { devConnectionDefaults as dev } from '../connection/dev-defaults';
import { perScope } from '../per-scope';
import { scopedKey, type KeyScope } from '../workspace-keys';
import {
  connectionSettingsSchema,
  EMPTY_STORED_CREDENTIALS,
  type SecretsArea,
  type StoredCredentials,
} from '../connection/connection-schema';
import { credentialsSchema } from '../../secrets';
import type { CredentialsAtRest } from './sealed-credentials';
import { credentialsV1ToV2 } from './credential-origins';
import { CREDENTIALS_STORAGE_NAME } from './credentials-keys';

// Background only: defining these items reads them (and runs their migrations), so no page may import
// this module (test/check-build-contents.ts checks the bundles).

export const CREDENTIALS_VERSION = 2;

/**
 * Version 1 to 2: each secret is bound to the origin of the address configured now (in the same
 * workspace), so that an upgrade loses nothing. A value that is not version 1 (already version 2, or
 * unreadable) is left to the validated read.
 */
export async function migrateCredentialsToV2(scope: KeyScope, value: unknown): Promise<unknown> {
  const v1 = credentialsSchema.safeParse(value);
  if (!v1.success) return value;
  const settings = connectionSettingsSchema.safeParse(await connectionSettingsItemFor(scope).getValue());
  return credentialsV1ToV2(v1.data, settings.success ? settings.data : { userGroupBaseUrl: '', projectApiUrl: '' });
}

export const credentialsKey = (scope: KeyScope, area: SecretsArea) => scopedKey(scope, CREDENTIALS_STORAGE_NAME, area);

/** What a workspace that never saved its secrets reads, per area (a development build: the sandbox's). */
export const CREDENTIALS_FALLBACK: Record<SecretsArea, StoredCredentials> = {
  local: dev ? credentialsV1ToV2(dev, dev) : EMPTY_STORED_CREDENTIALS,
  session: EMPTY_STORED_CREDENTIALS,
};

function defineCredentialsItems(scope: KeyScope) {
  const options = {
    version: CREDENTIALS_VERSION,
    migrations: { 2: (value: unknown) => migrateCredentialsToV2(scope, value) },
  };
  /** Never `sync:`: secrets must not leave this browser. Sealed (encrypted) while the passphrase lock is on. */
  return {
    local: storage.defineItem<CredentialsAtRest>(credentialsKey(scope, 'local'), {
      fallback: CREDENTIALS_FALLBACK.local,
      ...options,
    }),
    session: storage.defineItem<CredentialsAtRest>(credentialsKey(scope, 'session'), {
      fallback: CREDENTIALS_FALLBACK.session,
      ...options,
    }),
  } satisfies Record<SecretsArea, unknown>;
}

/** Defined once per scope: each definition runs its migration check (two storage reads). */
export const credentialsItemsFor = perScope(defineCredentialsItems);

/** WXT's version entry of an area's credentials, written in the same storage call as the value. */
export function credentialsVersionEntry(scope: KeyScope, area: SecretsArea) {
  return { key: `${credentialsKey(scope, area)}$`, value: { v: CREDENTIALS_VERSION } } as const;
}
