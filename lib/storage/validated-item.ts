import { storage } from '#imports';
import type { WxtStorageItem } from '@wxt-dev/storage';
import type { z } from 'zod/mini';
import { addStorageNotice } from './notices-item';

/**
 * Reads an item and checks it against its schema. Data of the wrong shape is reported (without its
 * content, which may hold secrets) and reset to the fallback: a page never crashes on it. With
 * `keepCorruptCopy`, for data that exists nowhere else (user-group tokens), it is first kept aside
 * under a `corrupt:` key so that nothing is lost; credentials are not kept, the user types them again.
 */
export async function readValidated<T>(
  item: WxtStorageItem<T, Record<string, unknown>>,
  schema: z.ZodMiniType<T>,
  label: string,
  options: { keepCorruptCopy?: boolean } = {},
): Promise<T> {
  const stored: unknown = await item.getValue();
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  console.warn(`Review Companion: the stored ${label} had an unexpected shape and was reset.`);
  if (options.keepCorruptCopy) {
    const [area, key] = item.key.split(':') as ['local' | 'session', string];
    await storage.setItem(`${area}:corrupt:${key}:${Date.now()}`, stored);
  }
  await item.removeValue();
  await addStorageNotice(
    options.keepCorruptCopy
      ? `The saved ${label} could not be read. It was kept unchanged under “corrupt:${item.key.split(':')[1]}” in this browser's storage and a fresh one was started; nothing was deleted.`
      : `The saved ${label} could not be read and was reset. Please enter it again.`,
  );
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
