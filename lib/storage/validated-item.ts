import { storage } from '#imports';
import type { StorageItemKey, WxtStorageItem } from '@wxt-dev/storage';
import type { z } from 'zod/mini';
import { addStorageNotice } from './notices-item';

/**
 * Stored data of the wrong shape is reported (without its content, which may hold secrets) and
 * removed, so that no page crashes on it. With `keepCorruptCopy`, for data that exists nowhere else
 * (user-group tokens), it is first kept aside under a `corrupt:` key so that nothing is lost;
 * credentials are not kept, the user types them again.
 */
export async function setAsideUnreadable(key: StorageItemKey, stored: unknown, label: string, options: { keepCorruptCopy?: boolean } = {}): Promise<void> {
  console.warn(`Review Companion: the stored ${label} had an unexpected shape and was reset.`);
  const [area, name] = key.split(':') as [string, string];
  if (options.keepCorruptCopy) await storage.setItem(`${area}:corrupt:${name}:${Date.now()}` as StorageItemKey, stored);
  await storage.removeItem(key);
  await addStorageNotice(
    options.keepCorruptCopy
      ? `The saved ${label} could not be read. It was kept unchanged under “corrupt:${name}” in this browser's storage and a fresh one was started; nothing was deleted.`
      : `The saved ${label} could not be read and was reset. Please enter it again.`,
  );
}

/** Reads an item and checks it against its schema; data of the wrong shape is set aside (above) and the fallback returned. */
export async function readValidated<T>(
  item: WxtStorageItem<T, Record<string, unknown>>,
  schema: z.ZodMiniType<T>,
  label: string,
  options: { keepCorruptCopy?: boolean } = {},
): Promise<T> {
  const stored: unknown = await item.getValue();
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  await setAsideUnreadable(item.key, stored, label, options);
  return item.fallback;
}

/** Writes only values that match the schema, so that a bug cannot store what a read would reject. */
export async function writeValidated<T>(
  item: WxtStorageItem<T, Record<string, unknown>>,
  schema: z.ZodMiniType<T>,
  value: T,
): Promise<void> {
  await item.setValue(schema.parse(value));
}
