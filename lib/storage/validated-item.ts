import { storage } from './storage-api';
import type { StorageItemKey } from '@wxt-dev/storage';
import type { StoredItem } from './storage-api';
import type { z } from 'zod/mini';
import type { MessageKey } from '../i18n';
import { messageText, text, type MessageRef } from '../message-ref';
import { addStorageNotice } from './notices-item';

/** What could not be read, named for the notice: a message ('storedCredentials') or one with arguments. */
export type StoredLabel = MessageKey | MessageRef;

/** Where a copy of a value kept aside is stored: `corrupt:<its name>:<time>`, in the same area. */
export const CORRUPT_COPY_PREFIX = 'corrupt:';

/** How a copy is kept: `seal` (the credentials gate's, for a value that may hold secrets) may encrypt it first. */
export interface KeepCopy {
  keepCorruptCopy?: boolean;
  seal?: (copyName: string, value: unknown) => Promise<unknown>;
}

/**
 * Stored data of the wrong shape is reported (without its content, which may hold secrets) and
 * removed, so that no page crashes on it. With `keepCorruptCopy`, for data that exists nowhere else
 * (user-group tokens), it is first kept aside under a `corrupt:` key so that nothing is lost (sealed by
 * `seal` where given); credentials are not kept, the user types them again.
 */
export async function setAsideUnreadable(
  key: StorageItemKey,
  stored: unknown,
  label: StoredLabel,
  options: KeepCopy = {},
): Promise<void> {
  const what = typeof label === 'string' ? text(label) : label;
  console.warn(`Review Companion: the stored ${messageText(what)} had an unexpected shape and was reset.`);
  const [area, name] = key.split(':') as [string, string];
  if (options.keepCorruptCopy) {
    const copyName = `${CORRUPT_COPY_PREFIX}${name}:${Date.now()}`;
    const kept = options.seal ? await options.seal(copyName, stored) : stored;
    await storage.setItem(`${area}:${copyName}` as StorageItemKey, kept);
  }
  await storage.removeItem(key);
  // The key name is data (where the copy is), the same in every language.
  await addStorageNotice(
    options.keepCorruptCopy ? text('storageNoticeKeptAside', what, name) : text('storageNoticeReset', what),
  );
}

/** Reads an item and checks it against its schema; data of the wrong shape is set aside (above) and the fallback returned. */
export async function readValidated<T>(
  item: StoredItem<T>,
  schema: z.ZodMiniType<T>,
  label: StoredLabel,
  options: KeepCopy = {},
): Promise<T> {
  const stored: unknown = await item.getValue();
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  await setAsideUnreadable(item.key, stored, label, options);
  return item.fallback;
}

/** Writes only values that match the schema, so that a bug cannot store what a read would reject. */
export async function writeValidated<T>(item: StoredItem<T>, schema: z.ZodMiniType<T>, value: T): Promise<void> {
  await item.setValue(schema.parse(value));
}
