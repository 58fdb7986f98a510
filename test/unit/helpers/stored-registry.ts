import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bucketOf, REGISTRY_BUCKET_COUNT } from '@/lib/user-groups/registry-buckets';
import type { Registry, RegistryEntry } from '@/lib/user-groups/registry-schema';

/** The storage.local key of a registry part, as the extension names it (lib/storage/user-group-registry-item.ts). */
export const registryPartKey = (index: number) => `userGroups.${String(index).padStart(3, '0')}`;

export const isRegistryPartKey = (key: string) => /^userGroups\.\d{3}$/.test(key);

/** The registry as stored in the fake browser: every part's groups, in part order. */
export async function storedRegistry(): Promise<Registry> {
  const all = await fakeBrowser.storage.local.get(null);
  const groups = Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => (all[registryPartKey(index)] as Registry | undefined)?.groups ?? []);
  return { groups: groups.flat() };
}

/** Writes groups as another context would: straight into the parts they belong to. */
export async function seedRegistry(groups: readonly RegistryEntry[]): Promise<void> {
  const parts: Record<string, Registry> = {};
  for (const group of groups) (parts[registryPartKey(bucketOf(group))] ??= { groups: [] }).groups.push(group);
  await fakeBrowser.storage.local.set(parts);
}

/** `environment:id` of every stored group, sorted (the stored order follows the parts). */
export async function storedGroupKeys(): Promise<string[]> {
  return (await storedRegistry()).groups.map((group) => `${group.environment}:${group.provided_id}`).sort();
}

/** Removes every part, as if no group had ever been stored. */
export async function clearStoredRegistry(): Promise<void> {
  await fakeBrowser.storage.local.remove(Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryPartKey(index)));
}
