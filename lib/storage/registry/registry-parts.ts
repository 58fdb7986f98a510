import { storage } from '../storage-api';
import type { StorageItemKey } from '@wxt-dev/storage';
import { browser } from 'wxt/browser';
import { REGISTRY_BUCKET_COUNT } from './registry-buckets';
import type { Registry } from './registry-schema';
import { scopedKey, scopedName, type KeyScope } from '../workspace-keys';

/**
 * Every user group of a workspace and its token, written only by the background
 * (lib/storage/registry/registry-writer.ts). Stored format v2: the registry in parts
 * `local:ws.<id>.userGroups.000` … `.255`, each of registrySchema's shape, a group's part chosen by
 * registry-buckets.ts, so that a change rewrites one small part.
 */
export const registryPartName = (index: number) => `userGroups.${String(index).padStart(3, '0')}` as const;

export const registryBucketKey = (scope: KeyScope, index: number): StorageItemKey =>
  scopedKey(scope, registryPartName(index));

export const registryBucketKeys = (scope: KeyScope): StorageItemKey[] =>
  Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryBucketKey(scope, index));

/** Format v1: the whole registry as one value. The writer moves it into the parts, then removes it. */
export const legacyRegistryKey = (scope: KeyScope): StorageItemKey => scopedKey(scope, 'userGroupRegistry');

/** Every part as stored (not yet validated; null where absent), in one storage call. */
export async function readRegistryBuckets(scope: KeyScope): Promise<unknown[]> {
  const items: { value: unknown }[] = await storage.getItems(registryBucketKeys(scope));
  return items.map((item) => item.value);
}

/**
 * Several parts in one storage call, so that a change touching several parts is stored whole or not at
 * all; `alongside`: other keys of the same change (the unsettled creates), in the same call.
 */
export async function writeRegistryBuckets(
  scope: KeyScope,
  parts: ReadonlyMap<number, Registry>,
  alongside: { key: StorageItemKey; value: unknown }[] = [],
): Promise<void> {
  await storage.setItems([
    ...[...parts].map(([index, value]) => ({ key: registryBucketKey(scope, index), value })),
    ...alongside,
  ]);
}

/** Calls back with the parts a write changed: part index → the new stored value (undefined once removed). */
export function watchRegistryBuckets(scope: KeyScope, callback: (changed: Map<number, unknown>) => void): () => void {
  const prefix = scopedName(scope, 'userGroups.');
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local') return;
    const changed = new Map<number, unknown>();
    for (const [key, change] of Object.entries(changes)) {
      if (!key.startsWith(prefix)) continue;
      const rest = key.slice(prefix.length);
      const index = /^\d{3}$/.test(rest) ? Number(rest) : -1;
      if (index >= 0 && index < REGISTRY_BUCKET_COUNT) changed.set(index, change.newValue);
    }
    if (changed.size > 0) callback(changed);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
