import { storage } from '#imports';
import type { ConnectionSettings } from '../connection/connection-schema';
import { devConnectionDefaults as dev } from './dev-defaults';

/**
 * Where the services are and where the secrets live: no secret, so pages may import it (the options
 * page watches it). The credentials are defined in lib/connection/credentials-items.ts, which only
 * the background imports.
 */
export const connectionSettingsItem = storage.defineItem<ConnectionSettings>('local:connectionSettings', {
  fallback: { userGroupBaseUrl: dev?.userGroupBaseUrl ?? '', projectApiUrl: dev?.projectApiUrl ?? '', secretsArea: 'local' },
  version: 1,
});
