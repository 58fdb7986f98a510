import { userGroupRegistryItem } from '../storage/user-group-registry-item';
import { readValidated, writeValidated } from '../storage/validated-item';
import { registrySchema, type Registry } from './registry-schema';

export type RegistryChange<T> = (registry: Registry) => { registry: Registry; result: T };

/**
 * The one way to change the registry. Changes run one after another (two options tabs acting at
 * once lose nothing), each reads the latest stored value, and each is persisted before it resolves.
 */
/** The registry holds the only copy of each token: unreadable data is kept aside, never dropped. */
function read(): Promise<Registry> {
  return readValidated(userGroupRegistryItem, registrySchema, 'user group registry', { keepCorruptCopy: true });
}

export function createRegistryWriter() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    read,
    update<T>(change: RegistryChange<T>): Promise<T> {
      const run = tail.then(async () => {
        const current = await read();
        const { registry, result } = change(current);
        if (registry !== current) await writeValidated(userGroupRegistryItem, registrySchema, registry);
        return result;
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

export type RegistryWriter = ReturnType<typeof createRegistryWriter>;
