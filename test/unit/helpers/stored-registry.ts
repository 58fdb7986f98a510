import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bucketOf, REGISTRY_BUCKET_COUNT } from '@/lib/storage/registry/registry-buckets';
import type { Registry, RegistryEntry } from '@/lib/storage/registry/registry-schema';
import type { KeyScope } from '@/lib/storage/workspace-keys';
import { TEST_SCOPE } from './test-workspace';

/** The storage.local key of a registry part, as the extension names it (lib/storage/registry/registry-parts.ts). */
export const registryPartKey = (index: number, scope: KeyScope = TEST_SCOPE) =>
  `${scope}userGroups.${String(index).padStart(3, '0')}`;

export const isRegistryPartKey = (key: string, scope: KeyScope = TEST_SCOPE) =>
  key.startsWith(scope) && /^userGroups\.\d{3}$/.test(key.slice(scope.length));

/** The registry as stored in the fake browser: every part's groups, in part order. */
export async function storedRegistry(scope: KeyScope = TEST_SCOPE): Promise<Registry> {
  const all = await fakeBrowser.storage.local.get(null);
  const groups = Array.from(
    { length: REGISTRY_BUCKET_COUNT },
    (_, index) => (all[registryPartKey(index, scope)] as Registry | undefined)?.groups ?? [],
  );
  return { groups: groups.flat() };
}

/** Writes groups as another context would: straight into the parts they belong to. */
export async function seedRegistry(groups: readonly RegistryEntry[], scope: KeyScope = TEST_SCOPE): Promise<void> {
  const parts: Record<string, Registry> = {};
  for (const group of groups) (parts[registryPartKey(bucketOf(group), scope)] ??= { groups: [] }).groups.push(group);
  await fakeBrowser.storage.local.set(parts);
}

/** `environment:id` of every stored group, sorted (the stored order follows the parts). */
export async function storedGroupKeys(scope: KeyScope = TEST_SCOPE): Promise<string[]> {
  return (await storedRegistry(scope)).groups.map((group) => `${group.environment}:${group.provided_id}`).sort();
}

/** Removes every part, as if no group had ever been stored. */
export async function clearStoredRegistry(scope: KeyScope = TEST_SCOPE): Promise<void> {
  await fakeBrowser.storage.local.remove(
    Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryPartKey(index, scope)),
  );
}
