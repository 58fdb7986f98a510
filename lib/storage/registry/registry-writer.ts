import { unsettledCreatesKey, watchUnsettledCreates, loadUnsettledCreates } from './unsettled-creates-item';
import { watchRegistryBuckets, writeRegistryBuckets } from './registry-parts';
import { changedBuckets, splitIntoBuckets } from './registry-buckets';
import { loadRegistryParts } from './registry-load';
import {
  registrySchema,
  unsettledCreatesSchema,
  type Registry,
  type RegistryEntry,
  type UnsettledCreate,
} from './registry-schema';
import type { KeyScope } from '../workspace-keys';
import { createSerialQueue } from '../../async/serial-queue';

/**
 * A change sees the registry and the creates of unknown outcome; it returns `unsettled` only to change
 * that list, which is then written in the same storage call as the registry's parts.
 */
export type RegistryChange<T> = (
  registry: Registry,
  unsettled: readonly UnsettledCreate[],
) => { registry: Registry; result: T; unsettled?: readonly UnsettledCreate[] };

interface Loaded {
  parts: RegistryEntry[][];
  registry: Registry;
  unsettled: readonly UnsettledCreate[];
}

/**
 * The one way to change a workspace's registry. Changes run one after another (two options tabs acting at
 * once lose nothing), each on the latest value, and each is persisted before it resolves; only the
 * parts a change touched are written. The registry is kept in memory between changes: a write by
 * anyone else (a test, another context) arrives without this writer's revision stamp and drops it.
 */
export function createRegistryWriter(scope: KeyScope) {
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
  watchRegistryBuckets(scope, (changed) => {
    if ([...changed.values()].every(isOwn)) return;
    generation += 1;
    loaded = undefined;
  });
  watchUnsettledCreates(scope, (stored) => {
    if (isOwn(stored)) return;
    generation += 1;
    loaded = undefined;
  });

  function load(): Promise<Loaded> {
    if (loaded) return loaded;
    const started = generation;
    const loading = loadRegistryParts(scope, revision).then(async (parts) => ({
      parts,
      registry: { groups: parts.flat() },
      unsettled: await loadUnsettledCreates(scope),
    }));
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

  return {
    /** The latest value this writer knows; a change under way may still replace it. */
    read: async (): Promise<Registry> => (await load()).registry,

    /** The creates of unknown outcome once every change queued before this call is written. */
    unsettled: (): Promise<readonly UnsettledCreate[]> => serially(async () => (await load()).unsettled),

    /**
     * The value once every change queued before this call is written: what a page must show as
     * current (an export right after "New token for…" holds the new token, never the pending mark).
     */
    settled: (): Promise<Registry> => serially(async () => (await load()).registry),

    update<T>(change: RegistryChange<T>): Promise<T> {
      return serially(async () => {
        const current = await load();
        const { registry, result, unsettled = current.unsettled } = change(current.registry, current.unsettled);
        if (registry === current.registry && unsettled === current.unsettled) return result;
        const parts = registry === current.registry ? current.parts : splitIntoBuckets(registry.groups);
        const stamp = revision();
        const started = generation;
        // Checked before writing, so that a bug cannot store what a read would reject.
        const written = new Map(
          changedBuckets(current.parts, parts).map((index) => [
            index,
            registrySchema.parse({ groups: parts[index], revision: stamp }),
          ]),
        );
        const alongside =
          unsettled === current.unsettled
            ? []
            : [
                {
                  key: unsettledCreatesKey(scope),
                  value: unsettledCreatesSchema.parse({ creates: unsettled, revision: stamp }),
                },
              ];
        try {
          if (written.size > 0 || alongside.length > 0) await writeRegistryBuckets(scope, written, alongside);
        } catch (error) {
          loaded = undefined;
          throw error;
        }
        loaded =
          started === generation
            ? Promise.resolve({ parts, registry: { groups: registry.groups }, unsettled })
            : undefined;
        return result;
      });
    },
  };
}

export type RegistryWriter = ReturnType<typeof createRegistryWriter>;
