import { z } from 'zod/mini';
import { checkedValue } from './checked-value';

/**
 * `notifyJobEnds`: whether the user asked for a notification when a background job ends (design.md §12,
 * **Notify me when a job ends**). One setting for the extension, whatever the workspace: a job of any
 * workspace may end while the user is elsewhere. Absent (never chosen) or unreadable reads as off.
 * Written by the background only (the `setNotifyJobEnds` message); pages read and watch it.
 */
export const NOTIFY_JOB_ENDS_KEY = 'notifyJobEnds';

export const notifyJobEndsSchema = z.boolean();

const stored = checkedValue(`local:${NOTIFY_JOB_ENDS_KEY}`, notifyJobEndsSchema);

export const readNotifyJobEnds = async (): Promise<boolean> => (await stored.read()) === true;

export const writeNotifyJobEnds = stored.write;

/** Calls back with the stored choice whenever it changes; returns the unsubscribe. */
export const watchNotifyJobEnds = (callback: (on: boolean) => void): (() => void) =>
  stored.watch((on) => callback(on === true));
