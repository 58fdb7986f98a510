import { browser } from 'wxt/browser';

// Asking the background before the page's UI library is even loaded: no zod, no React here (this module
// is in the popup's first, small chunk). The answer is kept as it came and validated with its message's
// schema where it is used (`readAnswer` in ./client.ts): validation stays at the boundary.

/** The popup's one opening request (its definition, with the schemas, is getPopupView in ./messages/popup-messages.ts). */
export const POPUP_VIEW_MESSAGE = 'getPopupView';

/** An answer on its way: what the background said, or that it could not be reached. */
export type EarlyAnswer = Promise<{ answer: unknown } | { unreachable: true }>;

/** Sends a message now, with a request the caller built from constants (the background validates every request). */
export function sendEarly(type: string, data: Record<string, unknown>): EarlyAnswer {
  return browser.runtime.sendMessage({ type, data }).then(
    (answer: unknown) => ({ answer }),
    () => ({ unreachable: true as const }),
  );
}
