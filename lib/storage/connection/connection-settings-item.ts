import { storage } from '../storage-api';
import { connectionSettingsSchema, type ConnectionSettings } from './connection-schema';
import { scopedKey, workspaceScope, type KeyScope } from '../workspace-keys';
import { devConnectionDefaults as dev } from './dev-defaults';
import { perScope } from '../per-scope';

/** What a workspace that never saved its settings reads (a development build: the sandbox). */
export const CONNECTION_SETTINGS_FALLBACK: ConnectionSettings = {
  userGroupBaseUrl: dev?.userGroupBaseUrl ?? '',
  projectApiUrl: dev?.projectApiUrl ?? '',
  secretsArea: 'local',
};

/**
 * Where a workspace's services are and where its secrets live: no secret, so pages may use it (the
 * options page watches it). The credentials are defined in lib/storage/credentials/credentials-items.ts, which
 * only the background imports. No migrations: defining it reads nothing.
 */
export const connectionSettingsItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<ConnectionSettings>(scopedKey(scope, 'connectionSettings'), {
    fallback: CONNECTION_SETTINGS_FALLBACK,
    version: 1,
  }),
);

/**
 * The stored settings of these workspaces, checked, in one storage call: a workspace with none stored
 * (never saved) or none readable is left out.
 */
export async function readConnectionSettingsOf(
  workspaceIds: readonly string[],
): Promise<Map<string, ConnectionSettings>> {
  const found = new Map<string, ConnectionSettings>();
  if (workspaceIds.length === 0) return found;
  const stored = await storage.getItems(workspaceIds.map((id) => scopedKey(workspaceScope(id), 'connectionSettings')));
  stored.forEach(({ value }, at) => {
    const settings = connectionSettingsSchema.safeParse(value);
    if (settings.success) found.set(workspaceIds[at]!, settings.data);
  });
  return found;
}

/** The addresses these workspaces' stored settings name (empty ones included). */
export const addressesOf = (settings: Map<string, ConnectionSettings>): string[] =>
  [...settings.values()].flatMap(({ userGroupBaseUrl, projectApiUrl }) => [userGroupBaseUrl, projectApiUrl]);
