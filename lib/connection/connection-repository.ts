import { storage } from '#imports';
import type { StorageItemKey } from '@wxt-dev/storage';
import {
  connectionSettingsSchema,
  EMPTY_STORED_CREDENTIALS,
  storedCredentialsSchema,
  type ConnectionSettings,
  type Credentials,
  type SecretsArea,
  type StoredCredentials,
} from './connection-schema';
import { bindCredentials, usableCredentials } from './credential-origins';
import { credentialsItems, credentialsVersionEntry } from './credentials-items';
import { connectionSettingsItem } from '../storage/connection-settings-item';
import { readValidated } from '../storage/validated-item';

/** Everything the background needs to call the services. Never leaves the background. */
export type Connection = ConnectionSettings & Credentials;

/** What the options page may change; an empty secret means "keep the stored one" (if its origin is unchanged). */
export type ConnectionUpdate = ConnectionSettings & Credentials;

type Entry = { key: StorageItemKey; value: unknown };

async function loadStored(): Promise<{ settings: ConnectionSettings; stored: StoredCredentials }> {
  const settings = await readValidated(connectionSettingsItem, connectionSettingsSchema, 'connection settings');
  const stored = await readValidated(credentialsItems[settings.secretsArea], storedCredentialsSchema, 'credentials');
  return { settings, stored };
}

/** The connection, with only the secrets bound to the configured origins: the others read as "not set". */
export async function loadConnection(): Promise<Connection> {
  const { settings, stored } = await loadStored();
  return { ...settings, ...usableCredentials(stored, settings) };
}

// Saves and forgets run one after another: each reads what the previous one wrote, so that two
// concurrent saves never lose a secret (a read-merge-write that overlaps another drops its secret).
let tail: Promise<unknown> = Promise.resolve();
function serialized<T>(change: () => Promise<T>): Promise<T> {
  const run = tail.then(change);
  tail = run.catch(() => undefined);
  return run;
}

/** Both areas' WXT migrations are done: a write below must not be overwritten by a late migration. */
async function migrated(): Promise<void> {
  await Promise.all([credentialsItems.local.getMeta(), credentialsItems.session.getMeta()]);
}

/**
 * Writes per area, the area that receives the secrets first. With the secrets in `local:` (the
 * default) settings and secrets are one storage call, so they change together or not at all. With
 * `session:` they are two areas and no call spans both: the secrets are written first, then the
 * settings (with the old `local:` secrets cleared in that same call). Should the second write fail,
 * the new secrets are bound to the new origins and so are not used with the old addresses.
 */
async function writeAreas(first: SecretsArea, entries: Record<SecretsArea, Entry[]>): Promise<void> {
  const second: SecretsArea = first === 'local' ? 'session' : 'local';
  for (const area of [first, second]) if (entries[area].length > 0) await storage.setItems(entries[area]);
}

function credentialsEntries(area: SecretsArea, value: StoredCredentials): Entry[] {
  return [{ key: credentialsItems[area].key, value: storedCredentialsSchema.parse(value) }, credentialsVersionEntry(area)];
}

/**
 * Saves settings and secrets (see bindCredentials for which secrets are kept). `afterWrite` runs in
 * the same turn of the queue, with the settings that were replaced. When the secrets move between
 * `local:` and `session:`, the old area is cleared only after the new one is written.
 */
export function saveConnection(
  update: ConnectionUpdate,
  afterWrite?: (previous: ConnectionSettings, saved: Connection) => Promise<void>,
): Promise<Connection> {
  return serialized(async () => {
    await migrated();
    const current = await loadStored();
    const settings = connectionSettingsSchema.parse({
      userGroupBaseUrl: update.userGroupBaseUrl,
      projectApiUrl: update.projectApiUrl,
      secretsArea: update.secretsArea,
    });
    const credentials = bindCredentials(current.stored, update);
    const area = settings.secretsArea;
    const entries: Record<SecretsArea, Entry[]> = { local: [], session: [] };
    entries[area].push(...credentialsEntries(area, credentials));
    const previousArea = current.settings.secretsArea;
    if (previousArea !== area) entries[previousArea].push(...credentialsEntries(previousArea, EMPTY_STORED_CREDENTIALS));
    entries.local.unshift({ key: connectionSettingsItem.key, value: settings });
    await writeAreas(area, entries);
    const saved = { ...settings, ...usableCredentials(credentials, settings) };
    await afterWrite?.(current.settings, saved);
    return saved;
  });
}

/** Writes empty values rather than removing them, so that a dev build's demo fallback does not return. */
export function forgetCredentials(): Promise<void> {
  return serialized(async () => {
    await migrated();
    await writeAreas('local', {
      local: credentialsEntries('local', EMPTY_STORED_CREDENTIALS),
      session: credentialsEntries('session', EMPTY_STORED_CREDENTIALS),
    });
  });
}
