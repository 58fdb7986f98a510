import { storage } from '#imports';
import type { StorageItemKey } from '@wxt-dev/storage';
import { browser } from 'wxt/browser';
import { REGISTRY_BUCKET_COUNT } from '../user-groups/registry-buckets';
import type { Registry } from '../user-groups/registry-schema';

/**
 * Every user group and its token, written only by the background (lib/user-groups/registry-writer.ts).
 * Stored format v2: the registry in parts `local:userGroups.000` … `.255`, each of registrySchema's
 * shape, a group's part chosen by registry-buckets.ts, so that a change rewrites one small part.
 */
const BUCKET_PREFIX = 'userGroups.';

export const registryBucketKey = (index: number): StorageItemKey => `local:${BUCKET_PREFIX}${String(index).padStart(3, '0')}`;

export const REGISTRY_BUCKET_KEYS = Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryBucketKey(index));

/** Format v1: the whole registry as one value. The writer moves it into the parts, then removes it. */
export const LEGACY_REGISTRY_KEY: StorageItemKey = 'local:userGroupRegistry';

/** Every part as stored (not yet validated; null where absent), in one storage call. */
export async function readRegistryBuckets(): Promise<unknown[]> {
  const items: { value: unknown }[] = await storage.getItems(REGISTRY_BUCKET_KEYS);
  return items.map((item) => item.value);
}

/**
 * Several parts in one storage call, so that a change touching several parts is stored whole or not at
 * all; `alongside`: other keys of the same change (the unsettled creates), in the same call.
 */
export async function writeRegistryBuckets(parts: ReadonlyMap<number, Registry>, alongside: { key: StorageItemKey; value: unknown }[] = []): Promise<void> {
  await storage.setItems([...[...parts].map(([index, value]) => ({ key: registryBucketKey(index), value })), ...alongside]);
}

/** Calls back with the parts a write changed: part index → the new stored value (undefined once removed). */
export function watchRegistryBuckets(callback: (changed: Map<number, unknown>) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local') return;
    const changed = new Map<number, unknown>();
    for (const [key, change] of Object.entries(changes)) {
      if (!key.startsWith(BUCKET_PREFIX)) continue;
      const index = Number(key.slice(BUCKET_PREFIX.length));
      if (Number.isInteger(index) && index >= 0 && index < REGISTRY_BUCKET_COUNT) changed.set(index, change.newValue);
    }
    if (changed.size > 0) callback(changed);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
