import { storage } from '../storage-api';
import type { ConnectionSettings } from './connection-schema';
import { scopedKey, type KeyScope } from '../workspace-keys';
import { devConnectionDefaults as dev } from './dev-defaults';
import { perScope } from '../per-scope';

/**
 * Where a workspace's services are and where its secrets live: no secret, so pages may use it (the
 * options page watches it). The credentials are defined in lib/storage/credentials/credentials-items.ts, which
 * only the background imports. No migrations: defining it reads nothing.
 */
export const connectionSettingsItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<ConnectionSettings>(scopedKey(scope, 'connectionSettings'), {
    fallback: {
      userGroupBaseUrl: dev?.userGroupBaseUrl ?? '',
      projectApiUrl: dev?.projectApiUrl ?? '',
      secretsArea: 'local',
    },
    version: 1,
  }),
);
