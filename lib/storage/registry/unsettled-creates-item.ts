import { storage } from '../storage-api';
import { watchKey } from '../watch-item';
import type { StorageItemKey } from '@wxt-dev/storage';
import { setAsideUnreadable } from '../validated-item';
import { scopedKey, type KeyScope } from '../workspace-keys';
import { unsettledCreatesSchema, type UnsettledCreate } from './registry-schema';

/**
 * Creates whose outcome is unknown (lib/storage/registry/registry-schema.ts `unsettledCreatesSchema`),
 * beside the registry's parts and written only by the registry writer, in the same storage call as
 * the parts a change touches. Absent in data stored before it existed, which reads as none.
 */
export const unsettledCreatesKey = (scope: KeyScope): StorageItemKey => scopedKey(scope, 'userGroupUnsettledCreates');

/** The value as stored (not yet validated; null where absent). */
export async function readUnsettledCreates(scope: KeyScope): Promise<unknown> {
  return storage.getItem(unsettledCreatesKey(scope));
}

/** Calls back with the new stored value (undefined once removed) whenever it changes. */
export function watchUnsettledCreates(scope: KeyScope, callback: (stored: unknown) => void): () => void {
  return watchKey(unsettledCreatesKey(scope), callback);
}

/**
 * The stored list, checked. A value that cannot be read is kept aside under a `corrupt:` key (it may
 * be the only hint that a group exists with a token nobody has) and the list starts empty.
 */
export async function loadUnsettledCreates(scope: KeyScope): Promise<readonly UnsettledCreate[]> {
  const stored = await readUnsettledCreates(scope);
  if (stored === null || stored === undefined) return [];
  const parsed = unsettledCreatesSchema.safeParse(stored);
  if (parsed.success) return parsed.data.creates;
  await setAsideUnreadable(unsettledCreatesKey(scope), stored, 'storedUnsettledCreates', { keepCorruptCopy: true });
  return [];
}
