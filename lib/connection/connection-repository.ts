import { storage } from '../storage/storage-api';
import type { StorageItemKey } from '@wxt-dev/storage';
import { lockedError } from '../storage/lock/lock-keys';
import { inCredentialsLane } from '../storage/credentials/credentials-lane';
import {
  closeForStorage,
  credentialsAtRestSchema,
  CredentialsLockedError,
  openAtRest,
} from '../storage/credentials/sealed-credentials';
import { fail, ok, type Result } from '../result';
import { connectionSettingsItemFor } from '../storage/connection/connection-settings-item';
import { projectLinkItemFor } from '../storage/connection/project-link-item';
import { readValidated } from '../storage/validated-item';
import type { KeyScope } from '../storage/workspace-keys';
import {
  connectionSettingsSchema,
  EMPTY_STORED_CREDENTIALS,
  projectLinkSettingSchema,
  type ConnectionSettings,
  type SecretsArea,
  type StoredCredentials,
} from '../storage/connection/connection-schema';
import { type Credentials } from '../secrets';
import { bindCredentials, usableCredentials } from '../storage/credentials/credential-origins';
import { credentialsItemsFor, credentialsVersionEntry } from '../storage/credentials/credentials-items';
import { findMissingAccess } from './host-access';
import { projectApiGaps } from '../storage/popup-view/setup-gaps';
import { text, type MessageRef } from '../message-ref';

/** Everything the background needs to call the services. Never leaves the background. */
export type Connection = ConnectionSettings & Credentials;

/**
 * What the options page may change; an empty secret means "keep the stored one" (if its origin is
 * unchanged). The project link template (checked by the caller) is written when given: without it (the
 * start page, a setup file, a policy that sets none) the stored one stays.
 */
export type ConnectionUpdate = ConnectionSettings & Credentials & { projectLink?: string };

export type Api = 'project' | 'userGroup';

type Entry = { key: StorageItemKey; value: unknown };

const NOT_CONFIGURED = {
  project: text('errorProjectApiNotSetUp'),
  userGroup: text('errorUserGroupApiNotSetUp'),
} satisfies Record<Api, MessageRef>;

/**
 * One workspace's connection: its settings and its secrets (background only). Saves and forgets run
 * one after another: each reads what the previous one wrote, so that two concurrent saves never lose
 * a secret (a read-merge-write that overlaps another drops its secret).
 */
/** A save or forget that arrived after its workspace's data was removed: it writes nothing. */
export class WorkspaceRemovedError extends Error {
  override name = 'WorkspaceRemovedError';
}

export function createConnectionRepository(scope: KeyScope) {
  let closed = false;
  const settingsItem = connectionSettingsItemFor(scope);
  const linkItem = projectLinkItemFor(scope);
  const credentialsItems = credentialsItemsFor(scope);
  const serialized = inCredentialsLane;

  /** `locked`: the secrets are sealed (passphrase lock) and no key is at hand; they read as not set. */
  async function loadStored(): Promise<{ settings: ConnectionSettings; stored: StoredCredentials; locked: boolean }> {
    const settings = await readValidated(settingsItem, connectionSettingsSchema, 'storedConnectionSettings');
    const opened = await openAtRest(
      await readValidated(credentialsItems[settings.secretsArea], credentialsAtRestSchema, 'storedCredentials'),
    );
    return opened === 'locked'
      ? { settings, stored: EMPTY_STORED_CREDENTIALS, locked: true }
      : { settings, stored: opened, locked: false };
  }

  /** The connection, with only the secrets bound to the configured origins: the others read as "not set". */
  async function load(): Promise<Connection> {
    const { settings, stored } = await loadStored();
    return { ...settings, ...usableCredentials(stored, settings) };
  }

  /** Both areas' WXT migrations are done: a write below must not be overwritten by a late migration. */
  async function migrated(): Promise<void> {
    await Promise.all([credentialsItems.local.getMeta(), credentialsItems.session.getMeta()]);
  }

  /** Sealed while the passphrase lock is on (CredentialsLockedError while locked, unless nothing secret is written). */
  async function credentialsEntries(area: SecretsArea, value: StoredCredentials): Promise<Entry[]> {
    return [
      { key: credentialsItems[area].key, value: await closeForStorage(value) },
      credentialsVersionEntry(scope, area),
    ];
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

  /** The project link template ('' for none): not a secret, readable while the passphrase lock is closed. */
  async function projectLink(): Promise<string> {
    return (await readValidated(linkItem, projectLinkSettingSchema, 'storedProjectLink')).template;
  }

  return {
    load,
    projectLink,

    /**
     * The workspace's data is being removed: in the credentials lane, no save or forget queued after this
     * writes anything (they throw WorkspaceRemovedError), so a save racing a delete cannot bring a secret back.
     */
    close: (): Promise<void> =>
      serialized(async () => {
        closed = true;
        await Promise.resolve();
      }),

    /** Whether this workspace's secrets are sealed and the lock is closed. */
    locked: async (): Promise<boolean> => (await loadStored()).locked,

    /**
     * The connection, if the given API is configured and the browser lets the extension reach it. A
     * secret stored for another origin than the configured address reads as not set, so it is never
     * sent there.
     */
    async require(api: Api): Promise<Result<Connection>> {
      const { settings, stored, locked } = await loadStored();
      if (locked) return lockedError();
      const connection: Connection = { ...settings, ...usableCredentials(stored, settings) };
      const ready =
        api === 'project'
          ? projectApiGaps(connection).length === 0
          : connection.userGroupBaseUrl && connection.apiToken;
      if (!ready) return fail('NOT_CONFIGURED', NOT_CONFIGURED[api]);
      const [missing] = await findMissingAccess([
        api === 'project' ? connection.projectApiUrl : connection.userGroupBaseUrl,
      ]);
      if (missing) return fail('ACCESS_NOT_GRANTED', text('errorNoAccess', missing.replace('/*', '')));
      return ok(connection);
    },

    /**
     * Saves settings and secrets (see bindCredentials for which secrets are kept). `afterWrite` runs in
     * the same turn of the queue, with the settings that were replaced. Throws CredentialsLockedError while
     * the passphrase lock is closed. When the secrets move between
     * `local:` and `session:`, the old area is cleared only after the new one is written.
     */
    save(
      update: ConnectionUpdate,
      afterWrite?: (previous: ConnectionSettings, saved: Connection) => Promise<void>,
    ): Promise<Connection> {
      return serialized(async () => {
        if (closed) throw new WorkspaceRemovedError('removed');
        await migrated();
        const current = await loadStored();
        // Locked, the sealed secrets cannot be kept or replaced: nothing is written (callers check first).
        if (current.locked) throw new CredentialsLockedError('locked');
        const settings = connectionSettingsSchema.parse({
          userGroupBaseUrl: update.userGroupBaseUrl,
          projectApiUrl: update.projectApiUrl,
          secretsArea: update.secretsArea,
        });
        const credentials = bindCredentials(current.stored, update);
        const area = settings.secretsArea;
        const entries: Record<SecretsArea, Entry[]> = { local: [], session: [] };
        entries[area].push(...(await credentialsEntries(area, credentials)));
        const previousArea = current.settings.secretsArea;
        if (previousArea !== area)
          entries[previousArea].push(...(await credentialsEntries(previousArea, EMPTY_STORED_CREDENTIALS)));
        entries.local.unshift({ key: settingsItem.key, value: settings });
        // The link only when it changes: a save that leaves it as it was stores nothing new for it.
        if (update.projectLink !== undefined && update.projectLink !== (await projectLink()))
          entries.local.push({
            key: linkItem.key,
            value: projectLinkSettingSchema.parse({ template: update.projectLink }),
          });
        await writeAreas(area, entries);
        const saved = { ...settings, ...usableCredentials(credentials, settings) };
        await afterWrite?.(current.settings, saved);
        return saved;
      });
    },

    /** Writes empty values rather than removing them, so that a dev build's demo fallback does not return. */
    forget(): Promise<void> {
      return serialized(async () => {
        if (closed) throw new WorkspaceRemovedError('removed');
        await migrated();
        await writeAreas('local', {
          local: await credentialsEntries('local', EMPTY_STORED_CREDENTIALS),
          session: await credentialsEntries('session', EMPTY_STORED_CREDENTIALS),
        });
      });
    },
  };
}

export type ConnectionRepository = ReturnType<typeof createConnectionRepository>;
