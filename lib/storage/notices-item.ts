import { storage } from '#imports';
import { z } from 'zod/mini';

/** Problems found in stored data, kept until the user has seen them in the options page. */
export const storageNoticesSchema = z.array(z.string());

export const storageNoticesItem = storage.defineItem<string[]>('local:storageNotices', {
  fallback: [],
  version: 1,
});

const MAX_NOTICES = 10;

export async function addStorageNotice(notice: string): Promise<void> {
  const current = storageNoticesSchema.safeParse(await storageNoticesItem.getValue());
  const notices = current.success ? current.data : [];
  if (!notices.includes(notice)) await storageNoticesItem.setValue([...notices, notice].slice(-MAX_NOTICES));
}

export async function readStorageNotices(): Promise<string[]> {
  const current = storageNoticesSchema.safeParse(await storageNoticesItem.getValue());
  return current.success ? current.data : [];
}
