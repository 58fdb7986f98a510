import { storage } from '../storage-api';
import { watchKeys } from '../watch-item';
import type { StorageItemKey } from '@wxt-dev/storage';
import { REGISTRY_BUCKET_COUNT } from './registry-buckets';
import type { StoredPart } from './registry-schema';
import { scopedKey, scopedName, type KeyScope } from '../workspace-keys';

/**
 * Every user group of a workspace, written only by the background (lib/storage/registry/registry-writer.ts).
 * Stored format v3: the registry in parts `local:ws.<id>.userGroups.000` … `.255`, each of
 * storedPartSchema's shape (names, ids, dates, environments: no token), a group's part chosen by
 * registry-buckets.ts, so that a change rewrites one small part; and beside each part its groups'
 * tokens, `local:ws.<id>.userGroupTokens.000` … `.255`, which only the credentials gate reads and writes
 * (lib/storage/credentials/part-tokens.ts): the passphrase lock seals and opens those, never the parts.
 * `ws.<id>.userGroupsFormat` says the workspace's registry is in format v3.
 */
export const registryPartName = (index: number) => `userGroups.${String(index).padStart(3, '0')}` as const;

/** The key of a part's tokens: `userGroupTokens.007` beside `userGroups.007`. */
export const registryTokensName = (index: number) => `userGroupTokens.${String(index).padStart(3, '0')}` as const;

/** Written (with the value REGISTRY_FORMAT) once a workspace's tokens are in their own keys. */
export const REGISTRY_FORMAT_NAME = 'userGroupsFormat';
export const REGISTRY_FORMAT = 3;

/** Storage names (without area) of every part, and of every part's tokens, of any workspace. */
export const REGISTRY_PART_PATTERN = /^ws\.[^.]+\.userGroups\.\d{3}$/;
export const REGISTRY_TOKENS_PATTERN = /^ws\.[^.]+\.userGroupTokens\.\d{3}$/;

/** The part a token key belongs to: `ws.<id>.userGroupTokens.007` → `ws.<id>.userGroups.007`. */
export const partNameOfTokens = (tokensName: string): string =>
  tokensName.replace(/\.userGroupTokens\.(\d{3})$/, '.userGroups.$1');

export const registryBucketKey = (scope: KeyScope, index: number): StorageItemKey =>
  scopedKey(scope, registryPartName(index));

export const registryBucketKeys = (scope: KeyScope): StorageItemKey[] =>
  Array.from({ length: REGISTRY_BUCKET_COUNT }, (_, index) => registryBucketKey(scope, index));

export const registryTokensKey = (scope: KeyScope, index: number): StorageItemKey =>
  scopedKey(scope, registryTokensName(index));

export const registryFormatKey = (scope: KeyScope): StorageItemKey => scopedKey(scope, REGISTRY_FORMAT_NAME);

/** Format v1: the whole registry as one value. The writer moves it into the parts, then removes it. */
export const legacyRegistryKey = (scope: KeyScope): StorageItemKey => scopedKey(scope, 'userGroupRegistry');

/** Every part as stored (not yet validated; null where absent), in one storage call. */
export async function readRegistryBuckets(scope: KeyScope): Promise<unknown[]> {
  const items: { value: unknown }[] = await storage.getItems(registryBucketKeys(scope));
  return items.map((item) => item.value);
}

/**
 * Several parts in one storage call, so that a change touching several parts is stored whole or not at
 * all; `alongside`: other keys of the same change (the parts' tokens, the unsettled creates), in the same call.
 */
export async function writeRegistryBuckets(
  scope: KeyScope,
  parts: ReadonlyMap<number, StoredPart>,
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
  const indexOf = (key: string) => {
    const rest = key.slice(prefix.length);
    return key.startsWith(prefix) && /^\d{3}$/.test(rest) ? Number(rest) : -1;
  };
  return watchKeys(
    (key, area) => area === 'local' && indexOf(key) >= 0 && indexOf(key) < REGISTRY_BUCKET_COUNT,
    (changes) =>
      callback(new Map(Object.entries(changes).map(([key, change]) => [indexOf(key), change.newValue] as const))),
  );
}
