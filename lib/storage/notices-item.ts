import { storage } from './storage-api';
import { z } from 'zod/mini';
import { storedTextSchema, type MessageRef } from '../message-ref';
import { createSerialQueue } from '../async/serial-queue';

/**
 * Problems found in stored data, kept until the user has seen them in the options page. Each is a named
 * text (the page shows it in its language); one stored by an older version is English words, shown as
 * they are (storedTextSchema).
 */
export const storageNoticesSchema = z.array(storedTextSchema);

/**
 * Written only by the background, through `addStorageNotice` and `dismissStorageNotices` below, one
 * change after another. Pages read it (and watch it) but dismiss through the `dismissStorageNotices`
 * message: a page writing it directly could overwrite a notice the background added at that moment.
 */
/** The notices' key in `storage.local` (its version is kept beside it, `storageNotices$`). */
export const STORAGE_NOTICES_KEY = 'storageNotices';

export const storageNoticesItem = storage.defineItem<z.input<typeof storageNoticesSchema>>(
  `local:${STORAGE_NOTICES_KEY}`,
  {
    fallback: [],
    version: 1,
  },
);

const MAX_NOTICES = 10;

/** Two notices are the same when they name the same text with the same arguments. */
const sameAs = (notice: MessageRef) => {
  const json = JSON.stringify(notice);
  return (other: MessageRef) => JSON.stringify(other) === json;
};

const serially = createSerialQueue();

/** Runs read-modify-write changes of the notices one at a time, each on the value the last one left. */
function change(update: (notices: MessageRef[]) => MessageRef[]): Promise<void> {
  return serially(async () => {
    const current = await readStorageNotices();
    const next = update(current);
    if (next !== current) await storageNoticesItem.setValue(next);
  });
}

export function addStorageNotice(notice: MessageRef): Promise<void> {
  return change((notices) => (notices.some(sameAs(notice)) ? notices : [...notices, notice].slice(-MAX_NOTICES)));
}

/** Removes the notices the user saw and dismissed; one added since (not yet seen) stays. */
export function dismissStorageNotices(seen: readonly MessageRef[]): Promise<void> {
  return change((notices) => {
    const kept = notices.filter((notice) => !seen.some(sameAs(notice)));
    return kept.length === notices.length ? notices : kept;
  });
}

export async function readStorageNotices(): Promise<MessageRef[]> {
  const current = storageNoticesSchema.safeParse(await storageNoticesItem.getValue());
  return current.success ? current.data : [];
}
