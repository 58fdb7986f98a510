import { z } from 'zod/mini';
import { clipboardFingerprintSchema } from '../../clipboard/clipboard-fingerprint';
// Only message definitions are exported here: the protocol takes every export of this module.
import { defineMessage } from '../define-message';
import { emptySchema } from './shared-schemas';

/**
 * Copy token copied a token: the background has the clipboard cleared after `seconds` (**Clear
 * clipboard after**) if it still holds that token, also once the page is closed. The page sends a
 * salted fingerprint of it (lib/clipboard/clipboard-fingerprint.ts), never the token.
 */
export const clearClipboardLater = defineMessage({
  name: 'clearClipboardLater',
  // The page sends one of Clear clipboard after's choices (lib/storage/clipboard-clear-after.ts); any wait
  // up to the longest is harmless, and the worker need not carry the list.
  request: () =>
    z.object({
      fingerprint: clipboardFingerprintSchema,
      seconds: z.number().check(z.refine((seconds) => seconds >= 0 && seconds <= 120)),
    }),
  response: () => emptySchema,
  allowTab: true,
});
