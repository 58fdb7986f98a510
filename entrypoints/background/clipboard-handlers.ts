import type { ClearRequest } from '@/lib/clipboard/clear-clipboard';
import type * as clipboardMessages from '@/lib/messaging/messages/clipboard-messages';
import type { ExtensionHandlersOf } from '@/lib/messaging/router';
import { ok } from '@/lib/result';

/** Sets up one clear of the clipboard, where it can wait whatever becomes of the page and the worker. */
export type ScheduleClear = (request: ClearRequest) => Promise<void>;

/**
 * Copy token's clear (design.md §15). The background holds only the fingerprint the page sent, and
 * only until it has handed it to where the clear waits (clipboard-clearing.ts). Never (0) waits for nothing.
 */
export function clipboardHandlers(
  schedule: ScheduleClear,
  now: () => number = Date.now,
): ExtensionHandlersOf<typeof clipboardMessages> {
  return {
    async clearClipboardLater({ fingerprint, seconds }) {
      if (seconds > 0) await schedule({ fingerprint, at: now() + seconds * 1000 });
      return ok({});
    },
  };
}
