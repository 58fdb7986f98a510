import { storage } from '#imports';
import { z } from 'zod/mini';

/** Problems found in stored data, kept until the user has seen them in the options page. */
export const storageNoticesSchema = z.array(z.string());

/**
 * Written only by the background, through `addStorageNotice` and `dismissStorageNotices` below, one
 * change after another. Pages read it (and watch it) but dismiss through the `dismissStorageNotices`
 * message: a page writing it directly could overwrite a notice the background added at that moment.
 */
export const storageNoticesItem = storage.defineItem<string[]>('local:storageNotices', {
  fallback: [],
  version: 1,
});

const MAX_NOTICES = 10;

let tail: Promise<unknown> = Promise.resolve();

/** Runs read-modify-write changes of the notices one at a time, each on the value the last one left. */
function change(update: (notices: string[]) => string[]): Promise<void> {
  const run = tail.then(async () => {
    const current = await readStorageNotices();
    const next = update(current);
    if (next !== current) await storageNoticesItem.setValue(next);
  });
  tail = run.catch(() => undefined);
  return run;
}

export function addStorageNotice(notice: string): Promise<void> {
  return change((notices) => (notices.includes(notice) ? notices : [...notices, notice].slice(-MAX_NOTICES)));
}

/** Removes the notices the user saw and dismissed; one added since (not yet seen) stays. */
export function dismissStorageNotices(seen: readonly string[]): Promise<void> {
  return change((notices) => {
    const kept = notices.filter((notice) => !seen.includes(notice));
    return kept.length === notices.length ? notices : kept;
  });
}

export async function readStorageNotices(): Promise<string[]> {
  const current = storageNoticesSchema.safeParse(await storageNoticesItem.getValue());
  return current.success ? current.data : [];
}
