import { watchRegistryBuckets, writeRegistryBuckets } from '../storage/user-group-registry-item';
import { changedBuckets, splitIntoBuckets } from './registry-buckets';
import { loadRegistryParts } from './registry-load';
import { registrySchema, type Registry, type RegistryEntry } from './registry-schema';

export type RegistryChange<T> = (registry: Registry) => { registry: Registry; result: T };

interface Loaded {
  parts: RegistryEntry[][];
  registry: Registry;
}

/**
 * The one way to change the registry. Changes run one after another (two options tabs acting at
 * once lose nothing), each on the latest value, and each is persisted before it resolves; only the
 * parts a change touched are written. The registry is kept in memory between changes: a write by
 * anyone else (a test, another context) arrives without this writer's revision stamp and drops it.
 */
export function createRegistryWriter() {
  const writerId = crypto.randomUUID();
  let writes = 0;
  const revision = () => `${writerId}:${(writes += 1)}`;
  const isOwn = (stored: unknown) => {
    const stamp = (stored as { revision?: unknown } | null | undefined)?.revision;
    return typeof stamp === 'string' && stamp.startsWith(`${writerId}:`);
  };

  let tail: Promise<unknown> = Promise.resolve();
  let loaded: Promise<Loaded> | undefined;
  let generation = 0;
  watchRegistryBuckets((changed) => {
    if ([...changed.values()].every(isOwn)) return;
    generation += 1;
    loaded = undefined;
  });

  function load(): Promise<Loaded> {
    if (loaded) return loaded;
    const started = generation;
    const loading = loadRegistryParts(revision).then((parts) => ({ parts, registry: { groups: parts.flat() } }));
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
    read: async (): Promise<Registry> => (await load()).registry,

    update<T>(change: RegistryChange<T>): Promise<T> {
      const run = tail.then(async () => {
        const current = await load();
        const { registry, result } = change(current.registry);
        if (registry === current.registry) return result;
        const parts = splitIntoBuckets(registry.groups);
        const stamp = revision();
        const started = generation;
        // Checked before writing, so that a bug cannot store what a read would reject.
        const written = new Map(changedBuckets(current.parts, parts).map((index) => [index, registrySchema.parse({ groups: parts[index], revision: stamp })]));
        try {
          if (written.size > 0) await writeRegistryBuckets(written);
        } catch (error) {
          loaded = undefined;
          throw error;
        }
        loaded = started === generation ? Promise.resolve({ parts, registry: { groups: registry.groups } }) : undefined;
        return result;
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

export type RegistryWriter = ReturnType<typeof createRegistryWriter>;
