import { storage } from '#imports';
import { EMPTY_CREDENTIALS, type ConnectionSettings, type Credentials, type SecretsArea } from '../connection/connection-schema';
import { devConnectionDefaults as dev } from './dev-defaults';

export const connectionSettingsItem = storage.defineItem<ConnectionSettings>('local:connectionSettings', {
  fallback: { userGroupBaseUrl: dev?.userGroupBaseUrl ?? '', projectApiUrl: dev?.projectApiUrl ?? '', secretsArea: 'local' },
  version: 1,
});

const credentialsFallback: Credentials = dev
  ? { apiToken: dev.apiToken, apiKey: dev.apiKey, authToken: dev.authToken }
  : EMPTY_CREDENTIALS;

/** Never `sync:`: secrets must not leave this browser. */
export const credentialsItems = {
  local: storage.defineItem<Credentials>('local:credentials', { fallback: credentialsFallback, version: 1 }),
  session: storage.defineItem<Credentials>('session:credentials', { fallback: EMPTY_CREDENTIALS, version: 1 }),
} satisfies Record<SecretsArea, unknown>;
