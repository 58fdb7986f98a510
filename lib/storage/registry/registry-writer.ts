import type { StorageItemKey } from '@wxt-dev/storage';
import { browser } from 'wxt/browser';
import { createSerialQueue } from '../../async/serial-queue';
import type { KeyScope } from '../workspace-keys';
import { changedBuckets, splitChanged } from './registry-buckets';
import { computeRegistryIndex, registryIndexKey, registryIndexName, type RegistryIndex } from './registry-index';
import { REGISTRY_FORMAT, registryBucketKey, registryFormatKey, watchRegistryBuckets } from './registry-parts';
import { stageIn, writePrepared, type PreparedWrite, type StagedWrite } from '../staged-write';
import {
  storedPartSchema,
  unsettledCreatesSchema,
  withoutToken,
  type Registry,
  type RegistryEntry,
  type StoredPart,
  type UnsettledCreate,
} from './registry-schema';
import type { OpenedParts, TokenVault } from './token-vault';
import { loadUnsettledCreates, unsettledCreatesKey, watchUnsettledCreates } from './unsettled-creates-item';

/**
 * A change sees the registry and the creates of unknown outcome; it returns `unsettled` only to change
 * that list, which is then written in the same storage call as the registry's parts.
 */
export type RegistryChange<T> = (
  registry: Registry,
  unsettled: readonly UnsettledCreate[],
) => { registry: Registry; result: T; unsettled?: readonly UnsettledCreate[] };

interface Loaded extends OpenedParts {
  registry: Registry;
  unsettled: readonly UnsettledCreate[];
}

/**
 * The one way to change a workspace's registry. Changes run one after another (two options tabs acting at
 * once lose nothing), each on the latest value, and each is persisted before it resolves; only the
 * parts a change touched are written. The registry is kept in memory between changes: a write by
 * anyone else (a test, another context) arrives without this writer's revision stamp and drops it.
 *
 * The registry's index (registry-index.ts: its counts and first rows, for the options page's first
 * screen) is written with the parts of every change that alters it, by the first change after this
 * writer (re)loads the registry (settling orphaned rotations), and by `refreshIndex` when what is
 * stored is missing or stale (the options page asks).
 *
 * Each part's tokens are kept by `vault` (token-vault.ts; the credentials gate's in the extension), which
 * reads them and says what to store for them, in the same storage call as the part and only when the
 * part's tokens change; whether they are sealed, and with which key, is the vault's alone. A change
 * that needs a token the lock keeps closed throws the vault's CredentialsLockedError. The copy in
 * memory goes when the vault says so (the lock closed or opened).
 */
export function createRegistryWriter(scope: KeyScope, vault: TokenVault) {
  const writerId = crypto.randomUUID();
  let writes = 0;
  const revision = () => `${writerId}:${(writes += 1)}`;
  const isOwn = (stored: unknown) => {
    const stamp = (stored as { revision?: unknown } | null | undefined)?.revision;
    return typeof stamp === 'string' && stamp.startsWith(`${writerId}:`);
  };

  const serially = createSerialQueue();
  let loaded: Promise<Loaded> | undefined;
  let generation = 0;
  // The index as this writer last wrote it, as JSON (undefined: unknown, written with the next change).
  let writtenIndex: string | undefined;
  const forgetLoaded = () => {
    generation += 1;
    loaded = undefined;
    writtenIndex = undefined;
  };
  watchRegistryBuckets(scope, (changed) => {
    if (![...changed.values()].every(isOwn)) forgetLoaded();
  });
  vault.watch(isOwn, forgetLoaded);
  watchUnsettledCreates(scope, (stored) => {
    if (!isOwn(stored)) forgetLoaded();
  });
  // The index of the parts this writer holds, as JSON: computed once per value (changes make new values).
  const indexes = new WeakMap<readonly RegistryEntry[][], string>();
  const indexOf = (parts: RegistryEntry[][]): string => {
    let json = indexes.get(parts);
    if (json === undefined) indexes.set(parts, (json = JSON.stringify(computeRegistryIndex(parts))));
    return json;
  };
  function load(): Promise<Loaded> {
    if (loaded) return loaded;
    const started = generation;
    const loading = vault.load(revision).then(async ({ parts, sealed, current }) => {
      const unsettled = await loadUnsettledCreates(scope);
      return { parts, sealed, registry: { groups: parts.flat() }, unsettled, current };
    });
    loaded = loading;
    // A failed read, or one overtaken by someone else's write, is not kept for the next caller.
    const forget = () => {
      if (loaded === loading) loaded = undefined;
    };
    void loading.then(() => {
      if (started !== generation) forget();
    }, forget);
    return loading;
  }

  /**
   * A part as stored: its groups without tokens and without the service's extra fields (the vault keeps
   * both), checked against the schema (a bug cannot store what a read rejects).
   */
  const toStoredPart = (groups: readonly RegistryEntry[], stamp: string): StoredPart =>
    storedPartSchema.parse({ groups: groups.map((group) => ({ ...withoutToken(group), extra: {} })), revision: stamp });

  return {
    /** The latest value this writer knows; a change under way may still replace it. */
    read: async (): Promise<Registry> => (await load()).registry,

    /** Whether some tokens are sealed and cannot be opened now (the lock is closed). */
    sealed: async (): Promise<boolean> => (await load()).sealed.size > 0,

    /** The creates of unknown outcome once every change queued before this call is written. */
    unsettled: (): Promise<readonly UnsettledCreate[]> => serially(async () => (await load()).unsettled),

    /**
     * The value once every change queued before this call is written: what a page must show as
     * current (an export right after "New token for…" holds the new token, never the pending mark).
     */
    settled: (): Promise<Registry> => serially(async () => (await load()).registry),

    /** Writes the index when what is stored is missing or does not match the registry (the options page asks). */
    refreshIndex: async (): Promise<void> => {
      const name = registryIndexName(scope);
      writtenIndex = JSON.stringify((await browser.storage.local.get(name))[name]);
      return update((registry) => ({ registry, result: undefined }));
    },

    update,
    stage,
  };

  function update<T>(change: RegistryChange<T>): Promise<T> {
    return serially(async () => writePrepared(await prepare(change)));
  }

  /**
   * The change held in this writer's queue (no other change runs) until it is written with other
   * stores' changes in one storage call (a job's row: its group, its activity entry, its outcome).
   */
  function stage<T>(change: RegistryChange<T>): Promise<StagedWrite<T>> {
    return stageIn(serially, () => prepare(change));
  }

  /** The change on the latest registry: what to write (only the parts it touched) and how to take the outcome. */
  async function prepare<T>(change: RegistryChange<T>): Promise<PreparedWrite<T>> {
    const current = await load();
    const { registry, result, unsettled = current.unsettled } = change(current.registry, current.unsettled);
    const parts =
      registry === current.registry
        ? current.parts
        : splitChanged(current.parts, current.registry.groups, registry.groups);
    const indexJson = indexOf(parts);
    const indexStale = indexJson !== writtenIndex;
    if (registry === current.registry && unsettled === current.unsettled && !indexStale)
      return { entries: [], result, stored: () => undefined, notStored: () => undefined };
    const stamp = revision();
    const started = generation;
    const changed = changedBuckets(current.parts, parts);
    const entries: { key: StorageItemKey; value: unknown }[] = [];
    const tokensWritten = new Set<number>();
    let partsWritten = 0;
    for (const index of changed) {
      entries.push({ key: registryBucketKey(scope, index), value: toStoredPart(parts[index]!, stamp) });
      partsWritten += 1;
      const tokens = await vault.store(index, parts[index]!, current, stamp);
      if (tokens === undefined) continue;
      tokensWritten.add(index);
      entries.push(tokens);
    }
    if (!current.current && partsWritten > 0) entries.push({ key: registryFormatKey(scope), value: REGISTRY_FORMAT });
    if (unsettled !== current.unsettled)
      entries.push({
        key: unsettledCreatesKey(scope),
        value: unsettledCreatesSchema.parse({ creates: unsettled, revision: stamp }),
      });
    if (indexStale) entries.push({ key: registryIndexKey(scope), value: JSON.parse(indexJson) as RegistryIndex });
    return {
      entries,
      result,
      stored: () => {
        if (indexStale) writtenIndex = indexJson;
        // A part whose tokens were written (clear, or sealed with the key) is known in clear here; one that
        // kept its envelope stays sealed.
        const sealed = new Map([...current.sealed].filter(([index]) => !tokensWritten.has(index)));
        loaded =
          started === generation
            ? Promise.resolve({
                parts,
                sealed,
                registry: { groups: registry.groups },
                unsettled,
                current: current.current || partsWritten > 0,
              })
            : undefined;
      },
      notStored: () => {
        loaded = undefined;
        writtenIndex = undefined;
      },
    };
  }
}

export type RegistryWriter = ReturnType<typeof createRegistryWriter>;
