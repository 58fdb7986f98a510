import { storage } from '#imports';
import { connectionSettingsItem } from '../storage/connection-settings-item';
import { devConnectionDefaults as dev } from '../storage/dev-defaults';
import { connectionSettingsSchema, credentialsSchema, EMPTY_STORED_CREDENTIALS, type SecretsArea, type StoredCredentials } from './connection-schema';
import { credentialsV1ToV2 } from './credential-origins';
import { CREDENTIALS_KEYS } from './credentials-keys';

// Background only: a module that defines these items reads them (and runs their migrations) as soon
// as it is loaded, so no page may import it (test/check-build-contents.ts checks the bundles).

export const CREDENTIALS_VERSION = 2;

/**
 * Version 1 to 2: each secret is bound to the origin of the address configured now, so that an
 * upgrade loses nothing. A value that is not version 1 (already version 2, or unreadable) is left
 * to the validated read.
 */
export async function migrateCredentialsToV2(value: unknown): Promise<unknown> {
  const v1 = credentialsSchema.safeParse(value);
  if (!v1.success) return value;
  const settings = connectionSettingsSchema.safeParse(await connectionSettingsItem.getValue());
  return credentialsV1ToV2(v1.data, settings.success ? settings.data : { userGroupBaseUrl: '', projectApiUrl: '' });
}

const options = { version: CREDENTIALS_VERSION, migrations: { 2: migrateCredentialsToV2 } };

/** Never `sync:`: secrets must not leave this browser. */
export const credentialsItems = {
  local: storage.defineItem<StoredCredentials>(CREDENTIALS_KEYS.local, {
    fallback: dev ? credentialsV1ToV2(dev, dev) : EMPTY_STORED_CREDENTIALS,
    ...options,
  }),
  session: storage.defineItem<StoredCredentials>(CREDENTIALS_KEYS.session, { fallback: EMPTY_STORED_CREDENTIALS, ...options }),
} satisfies Record<SecretsArea, unknown>;

/** WXT's version entry of an area's credentials, written in the same storage call as the value. */
export function credentialsVersionEntry(area: SecretsArea) {
  return { key: `${CREDENTIALS_KEYS[area]}$`, value: { v: CREDENTIALS_VERSION } } as const;
}
