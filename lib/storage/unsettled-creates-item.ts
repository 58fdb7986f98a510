import { storage } from '#imports';
import type { StorageItemKey } from '@wxt-dev/storage';
import { browser } from 'wxt/browser';
import { scopedKey, scopedName, type KeyScope } from '../workspaces/workspace-keys';

/**
 * Creates whose outcome is unknown (lib/user-groups/registry-schema.ts `unsettledCreatesSchema`),
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
  const name = scopedName(scope, 'userGroupUnsettledCreates');
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'local' && name in changes) callback(changes[name]!.newValue);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
