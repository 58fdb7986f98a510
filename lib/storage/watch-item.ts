import type { StoredItem } from './storage-api';
import { browser } from 'wxt/browser';

/**
 * Calls back with an item's new value (its fallback once removed) whenever another write changes it,
 * like WXT's `item.watch`, but through `storage.onChanged`, the one event every other watcher of this
 * extension follows. WXT's watch listens to `storage.<area>.onChanged`, and Chrome sends each change to
 * a context once per event it listens to, old and new values included: a page or worker following both
 * deserialized every write twice (the lock sealing a registry of 10,000 groups is megabytes each time).
 */
export function watchItem<T>(item: StoredItem<T>, callback: (value: T) => void): () => void {
  const colon = item.key.indexOf(':');
  const area = item.key.slice(0, colon);
  const name = item.key.slice(colon + 1);
  const listener = (changes: Record<string, { newValue?: unknown }>, changedArea: string) => {
    if (changedArea !== area || !(name in changes)) return;
    callback((changes[name]!.newValue ?? item.fallback) as T);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
