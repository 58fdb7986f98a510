import type { StorageItemKey } from '@wxt-dev/storage';
import type { StoredItem } from './storage-api';
import { browser } from 'wxt/browser';

/** A change as `storage.onChanged` reports it. */
export interface StorageChange {
  oldValue?: unknown;
  newValue?: unknown;
}

/** Which changes a watcher wants: the key (without WXT's area prefix) and its area (`local`, `session`, `managed`…). */
export type AffectedBy = (key: string, area: string) => boolean;

/**
 * The one way this extension follows stored values: calls back with the changes of a write that touch
 * the keys `affects` accepts (only those), through `storage.onChanged`; returns the unsubscribe. Not
 * `storage.<area>.onChanged`: Chrome sends each change to a context once per event it listens to, old
 * and new values included, so a page or worker following both deserialized every write twice (the
 * lock sealing a registry of 10,000 groups is megabytes each time).
 */
export function watchKeys(affects: AffectedBy, callback: (changes: Record<string, StorageChange>) => void): () => void {
  const listener = (changes: Record<string, StorageChange>, area: string) => {
    const affected = Object.entries(changes).filter(([key]) => affects(key, area));
    if (affected.length > 0) callback(Object.fromEntries(affected));
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

/** Calls back with the new value of one key (`local:name`; undefined once removed) whenever a write changes it. */
export function watchKey(key: StorageItemKey, callback: (value: unknown) => void): () => void {
  const colon = key.indexOf(':');
  const area = key.slice(0, colon);
  const name = key.slice(colon + 1);
  return watchKeys(
    (changed, changedArea) => changedArea === area && changed === name,
    (changes) => callback(changes[name]!.newValue),
  );
}

/**
 * Calls back with an item's new value (its fallback once removed) whenever another write changes it,
 * like WXT's `item.watch`, but through watchKeys.
 */
export const watchItem = <T>(item: StoredItem<T>, callback: (value: T) => void): (() => void) =>
  watchKey(item.key, (value) => callback((value ?? item.fallback) as T));
