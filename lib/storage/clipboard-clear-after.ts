import { z } from 'zod/mini';
import { checkedValue } from './checked-value';

/**
 * `clipboardClearAfter`: **Clear clipboard after** (design.md §15), the seconds after which Copy token's
 * token is removed from the clipboard if it is still there; 0 is Never. One setting for this browser,
 * whatever the workspace: the clipboard is the computer's. Absent (never chosen) or unreadable reads as
 * the default, 30 s. Written by the options page when it is changed; Copy token sends the time with
 * what it asks the background to clear. The e2e build also offers 2 s, so that a test need not wait
 * 10 (never the store builds).
 */
export const CLIPBOARD_CLEAR_AFTER_KEY = 'clipboardClearAfter';

export const CLIPBOARD_CLEAR_CHOICES: readonly number[] = [
  ...(import.meta.env.MODE === 'e2e' ? [2] : []),
  10,
  30,
  60,
  120,
  0,
];
export const DEFAULT_CLIPBOARD_CLEAR_AFTER = 30;

export const clipboardClearAfterSchema = z.lazy(() =>
  z.number().check(z.refine((seconds) => CLIPBOARD_CLEAR_CHOICES.includes(seconds))),
);

// Made on first use: the background imports the schema alone.
let item: ReturnType<typeof checkedValue<number>> | undefined;
const stored = () => (item ??= checkedValue(`local:${CLIPBOARD_CLEAR_AFTER_KEY}`, clipboardClearAfterSchema));

export const readClipboardClearAfter = async (): Promise<number> =>
  (await stored().read()) ?? DEFAULT_CLIPBOARD_CLEAR_AFTER;

export const writeClipboardClearAfter = (seconds: number): Promise<void> => stored().write(seconds);

/** Calls back with the stored choice (the default when none) whenever it changes; returns the unsubscribe. */
export const watchClipboardClearAfter = (callback: (seconds: number) => void): (() => void) =>
  stored().watch((seconds) => callback(seconds ?? DEFAULT_CLIPBOARD_CLEAR_AFTER));
