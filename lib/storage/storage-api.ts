import type { StorageItemKey } from '@wxt-dev/storage';
import { browser } from 'wxt/browser';
import { removeFromArea, writeArea, type WritableArea } from './area-write';

/**
 * The part of @wxt-dev/storage this extension uses, stored the same way: an item `area:name` is `name`
 * in `browser.storage.<area>`, its metadata (the version, `{ v }`) is `name$`, a missing value reads as
 * the item's fallback or null. @wxt-dev/storage exports one object with every method, which the bundler
 * cannot split: the background carried all of it (snapshots, watchers, metas in bulk, a lock for `init`)
 * for these few, about 2.7 KB gzip of a service worker that loads everything at start
 * (docs/performance.md, "Bundle sizes"). The methods keep @wxt-dev/storage's behaviour, migrations
 * included (test/unit/storage/storage-api.test.ts runs both side by side).
 */

/** An item defined once: its key, its fallback, its value and its metadata (migrated first). */
export interface StoredItem<T> {
  key: StorageItemKey;
  fallback: T;
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  getMeta(): Promise<Record<string, unknown>>;
  /** Runs the migrations again (they ran when the item was defined). */
  migrate(): Promise<void>;
}

/** `migrations[N]` turns a version N-1 value into version N; run when the item is defined. */
export interface ItemOptions<T> {
  fallback?: T;
  version?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each step takes the previous version's value
  migrations?: Record<number, (value: any) => unknown>;
}

type Area = 'local' | 'session' | 'sync' | 'managed';
type Entry = { key: StorageItemKey; value: unknown } | { item: { key: StorageItemKey }; value: unknown };

/** The area an item's key names; only a `managed:` one is never written. */
const areaNameOf = (key: string) => key.slice(0, key.indexOf(':')) as WritableArea;
const areaOf = (key: string) => browser.storage[areaNameOf(key) as Area];
const nameOf = (key: string) => key.slice(key.indexOf(':') + 1);
const metaOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

async function read(key: string): Promise<unknown> {
  return (await areaOf(key).get(nameOf(key)))[nameOf(key)];
}

async function getItem<T = unknown>(key: StorageItemKey, fallback?: T): Promise<T | null> {
  return ((await read(key)) ?? fallback ?? null) as T | null;
}

/** Writes a value; null or undefined removes it, as @wxt-dev/storage's `setItem`. */
async function setItem(key: StorageItemKey, value: unknown): Promise<void> {
  await (value == null
    ? removeFromArea(areaNameOf(key), nameOf(key))
    : writeArea(areaNameOf(key), { [nameOf(key)]: value }));
}

const getMeta = async <M = Record<string, unknown>>(key: StorageItemKey): Promise<M> =>
  metaOf(await read(`${key}$`)) as M;

export const storage = {
  getItem,
  setItem,
  getMeta,

  /** Values in the order of the keys (null where none), one `get` per storage area. */
  async getItems(keys: StorageItemKey[]): Promise<{ key: StorageItemKey; value: unknown }[]> {
    const byArea = new Map<string, string[]>();
    for (const key of keys) {
      const area = areaNameOf(key);
      byArea.set(area, [...(byArea.get(area) ?? []), nameOf(key)]);
    }
    const found = new Map<string, unknown>();
    await Promise.all(
      [...byArea].map(async ([area, names]) => {
        const stored = await browser.storage[area as Area].get(names);
        for (const name of names) found.set(`${area}:${name}`, stored[name] ?? null);
      }),
    );
    return keys.map((key) => ({ key, value: found.get(key) }));
  },

  /** One `set` per storage area: the entries of an area are written together or not at all. */
  async setItems(entries: Entry[]): Promise<void> {
    const byArea = new Map<WritableArea, Record<string, unknown>>();
    for (const entry of entries) {
      const key = 'key' in entry ? entry.key : entry.item.key;
      const area = areaNameOf(key);
      byArea.set(area, { ...byArea.get(area), [nameOf(key)]: entry.value });
    }
    await Promise.all([...byArea].map(([area, values]) => writeArea(area, values)));
  },

  async removeItem(key: StorageItemKey, options?: { removeMeta?: boolean }): Promise<void> {
    await removeFromArea(areaNameOf(key), options?.removeMeta ? [nameOf(key), `${nameOf(key)}$`] : nameOf(key));
  },

  /**
   * An item. With `migrations`, the stored value is brought to `version` at once (value and version in
   * one call), and every method waits for it; a failed migration is logged and the value left as it was.
   */
  defineItem<T>(key: StorageItemKey, options: ItemOptions<T> = {}): StoredItem<T> {
    const { version = 1, migrations } = options;
    const metaKey = `${key}$` as StorageItemKey;
    let needsVersionSet = false;
    async function migrate(): Promise<void> {
      const stored = await areaOf(key).get([nameOf(key), nameOf(metaKey)]);
      const value: unknown = stored[nameOf(key)];
      const meta = metaOf(stored[nameOf(metaKey)]);
      needsVersionSet = value == null && meta.v == null;
      if (value == null) return;
      const current = (meta.v as number | undefined) ?? 1;
      if (current > version) throw new Error(`Version downgrade detected (v${current} -> v${version}) for "${key}"`);
      let migrated: unknown = value;
      for (let step = current + 1; step <= version; step += 1)
        migrated = (await migrations?.[step]?.(migrated)) ?? migrated;
      if (current < version)
        await storage.setItems([
          { key, value: migrated },
          { key: metaKey, value: { ...meta, v: version } },
        ]);
    }
    const migrated =
      migrations === undefined
        ? Promise.resolve()
        : migrate().catch((error: unknown) => {
            // Only the error's kind is logged: its message could quote the stored value.
            console.error(
              `Review Companion: ${key} could not be migrated (${error instanceof Error ? error.name : 'unknown'}).`,
            );
          });
    return {
      key,
      get fallback() {
        return (options.fallback ?? null) as T;
      },
      async getValue() {
        await migrated;
        return (await getItem(key, options.fallback)) as T;
      },
      async getMeta() {
        await migrated;
        return getMeta(key);
      },
      async setValue(value) {
        await migrated;
        if (!needsVersionSet) return setItem(key, value);
        needsVersionSet = false;
        await Promise.all([
          setItem(key, value),
          getMeta(key).then((meta) => setItem(metaKey, { ...meta, v: version })),
        ]);
      },
      migrate,
    };
  },
};
