import { storage } from '#imports';
import type { StorageItemKey } from '@wxt-dev/storage';
import { browser } from 'wxt/browser';

/**
 * Creates whose outcome is unknown (lib/user-groups/registry-schema.ts `unsettledCreatesSchema`),
 * beside the registry's parts and written only by the registry writer, in the same storage call as
 * the parts a change touches. A new key: absent in data stored before it existed, which reads as none.
 */
export const UNSETTLED_CREATES_KEY: StorageItemKey = 'local:userGroupUnsettledCreates';

const STORED_NAME = UNSETTLED_CREATES_KEY.slice('local:'.length);

/** The value as stored (not yet validated; null where absent). */
export async function readUnsettledCreates(): Promise<unknown> {
  return storage.getItem(UNSETTLED_CREATES_KEY);
}

/** Calls back with the new stored value (undefined once removed) whenever it changes. */
export function watchUnsettledCreates(callback: (stored: unknown) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'local' && STORED_NAME in changes) callback(changes[STORED_NAME]!.newValue);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
