import {
  connectionSettingsSchema,
  credentialsSchema,
  EMPTY_CREDENTIALS,
  SECRET_FIELDS,
  type ConnectionSettings,
  type Credentials,
  type SecretsArea,
} from './connection-schema';
import { connectionSettingsItem, credentialsItems } from '../storage/connection-items';
import { readValidated, writeValidated } from '../storage/validated-item';

/** Everything the background needs to call the services. Never leaves the background. */
export type Connection = ConnectionSettings & Credentials;

/** What the options page may change; an empty secret means "keep the stored one". */
export type ConnectionUpdate = ConnectionSettings & Credentials;

export async function loadConnection(): Promise<Connection> {
  const settings = await readValidated(connectionSettingsItem, connectionSettingsSchema, 'connection settings');
  const credentials = await readValidated(credentialsItems[settings.secretsArea], credentialsSchema, 'credentials');
  return { ...settings, ...credentials };
}

/** The keep-when-empty rule: a secret field left empty on save keeps what is stored. */
export function mergeCredentials(stored: Credentials, update: Credentials): Credentials {
  const merged: Credentials = { apiToken: stored.apiToken, apiKey: stored.apiKey, authToken: stored.authToken };
  for (const field of SECRET_FIELDS) {
    const typed = update[field].trim();
    if (typed) merged[field] = typed;
  }
  return merged;
}

/**
 * Saves settings and secrets. When the secrets move between `local:` and `session:`, the new area
 * is written before the old one is cleared, so a failure half way never loses them.
 */
export async function saveConnection(update: ConnectionUpdate): Promise<Connection> {
  const current = await loadConnection();
  const credentials = mergeCredentials(current, update);
  const settings: ConnectionSettings = {
    userGroupBaseUrl: update.userGroupBaseUrl,
    projectApiUrl: update.projectApiUrl,
    secretsArea: update.secretsArea,
  };
  await writeValidated(credentialsItems[settings.secretsArea], credentialsSchema, credentials);
  await writeValidated(connectionSettingsItem, connectionSettingsSchema, settings);
  if (current.secretsArea !== settings.secretsArea) await clearArea(current.secretsArea);
  return { ...settings, ...credentials };
}

/** Writes empty values rather than removing them, so that a dev build's demo fallback does not return. */
async function clearArea(area: SecretsArea): Promise<void> {
  await credentialsItems[area].setValue(EMPTY_CREDENTIALS);
}

export async function forgetCredentials(): Promise<void> {
  await clearArea('local');
  await clearArea('session');
}
