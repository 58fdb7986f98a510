// The keys of the popup's first screen in storage, without zod or storage code: the popup's first chunk
// reads them before its UI loads (popup-early-reads.ts).

/** `local:popupView`: the stored view (popup-view-schema.ts), written by the background only. */
export const POPUP_VIEW_KEY = 'popupView';

/** The version of the stored view; any other (an older format, a newer one) reads as none: the popup asks the background. */
export const POPUP_VIEW_VERSION = 1;

/**
 * `session:lockOpen`: `true` while the lock's key is in `session:`, written and removed in the same calls
 * as the key (lib/storage/credentials/keyring.ts). No secret: a page learns that the lock is open without
 * reading the key. A browser restart clears it with the key.
 */
export const LOCK_OPEN_KEY = 'lockOpen';

/** Whether a stored view, as stored, is of the current version (a missing or older one: ask the background). */
export const isCurrentView = (view: unknown): boolean =>
  (view as { version?: unknown } | null | undefined)?.version === POPUP_VIEW_VERSION;

/**
 * `local:popupTexts`: the texts of the popup's first screen in the browser's language (popup-texts.ts),
 * written by the popup; read with the view, so that the first screen asks the browser for no message.
 */
export const POPUP_TEXTS_KEY = 'popupTexts';
