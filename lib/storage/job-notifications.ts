import { browser } from 'wxt/browser';
import { z } from 'zod/mini';

/**
 * `notifyJobEnds`: whether the user asked for a notification when a background job ends (design.md §12,
 * **Notify me when a job ends**). One setting for the extension, whatever the workspace: a job of any
 * workspace may end while the user is elsewhere. Absent (never chosen) or unreadable reads as off.
 * Written by the background only (the `setNotifyJobEnds` message); pages read and watch it.
 */
const NOTIFY_JOB_ENDS_KEY = 'notifyJobEnds';

export const notifyJobEndsSchema = z.boolean();

const parse = (value: unknown): boolean => {
  const parsed = notifyJobEndsSchema.safeParse(value);
  return parsed.success && parsed.data;
};

export async function readNotifyJobEnds(): Promise<boolean> {
  return parse((await browser.storage.local.get(NOTIFY_JOB_ENDS_KEY))[NOTIFY_JOB_ENDS_KEY]);
}

export async function writeNotifyJobEnds(on: boolean): Promise<void> {
  await browser.storage.local.set({ [NOTIFY_JOB_ENDS_KEY]: notifyJobEndsSchema.parse(on) });
}

/** Calls back with the stored choice whenever it changes; returns the unsubscribe. */
export function watchNotifyJobEnds(callback: (on: boolean) => void): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    const change = changes[NOTIFY_JOB_ENDS_KEY];
    if (area === 'local' && change) callback(parse(change.newValue));
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
