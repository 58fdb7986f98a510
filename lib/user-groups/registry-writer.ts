import { createSerializedStore } from '../storage/serialized-store';
import { userGroupRegistryItem } from '../storage/user-group-registry-item';
import { registrySchema, type Registry } from './registry-schema';

export type RegistryChange<T> = (registry: Registry) => { registry: Registry; result: T };

/**
 * The one way to change the registry. Changes run one after another (two options tabs acting at
 * once lose nothing), each on the latest value, and each is persisted before it resolves. The
 * registry holds the only copy of each token: unreadable data is kept aside, never dropped.
 */
export function createRegistryWriter() {
  const store = createSerializedStore(userGroupRegistryItem, registrySchema, 'user group registry', { keepCorruptCopy: true });
  return {
    read: store.read,
    update<T>(change: RegistryChange<T>): Promise<T> {
      return store.update((current) => {
        const { registry, result } = change(current);
        return { value: registry, result };
      });
    },
  };
}

export type RegistryWriter = ReturnType<typeof createRegistryWriter>;
