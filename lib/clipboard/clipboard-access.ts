import { browser } from 'wxt/browser';

/**
 * Reading the clipboard (to see whether it still holds the token) and emptying it outside a click:
 * optional permissions in the store builds, since both warn at install ("Read and modify data you copy
 * and paste"); the dev and e2e builds hold them (wxt.config.ts).
 */
const CLIPBOARD_PERMISSIONS = { permissions: ['clipboardRead' as const, 'clipboardWrite' as const] };

/** Whether they are held now; false when the browser cannot say. */
export const holdsClipboardAccess = (): Promise<boolean> =>
  browser.permissions.contains(CLIPBOARD_PERMISSIONS).catch(() => false);

/**
 * In a page's click (or change) handler, before anything is awaited (Firefox allows a request only
 * there): asks for them unless they are `held` (Firefox also refuses a request for permissions the
 * manifest requires, as the dev and e2e builds do); true once granted.
 */
export function requestClipboardAccess(held: boolean): Promise<boolean> {
  if (held) return Promise.resolve(true);
  try {
    return browser.permissions.request(CLIPBOARD_PERMISSIONS).catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}

/** Calls back whenever a permission is granted or withdrawn (in the browser's settings too); returns the unsubscribe. */
export function onPermissionsChanged(callback: () => void): () => void {
  browser.permissions.onAdded.addListener(callback);
  browser.permissions.onRemoved.addListener(callback);
  return () => {
    browser.permissions.onAdded.removeListener(callback);
    browser.permissions.onRemoved.removeListener(callback);
  };
}
