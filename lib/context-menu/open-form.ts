import { browser } from 'wxt/browser';

/** What the registration form is opened for. */
export type FormTarget =
  | { kind: 'tab'; tabId: number; windowId?: number }
  | { kind: 'link'; url: string; title: string; tabId?: number; windowId?: number };

/** The small extension window used where the toolbar popup cannot be opened. */
export const FORM_WINDOW_SIZE = { width: 380, height: 560 };

/** WXT builds entrypoints/popup as popup.html, the manifest's `action.default_popup`. */
const POPUP_PAGE = 'popup.html';

/** `popup.html?tabId=N` or `popup.html?url=…&title=…`, relative to the extension's root. */
export function formPath(target: FormTarget): string {
  const query =
    target.kind === 'tab'
      ? new URLSearchParams({ tabId: String(target.tabId) })
      : new URLSearchParams({ url: target.url, title: target.title });
  return `${POPUP_PAGE}?${query.toString()}`;
}

/**
 * The toolbar popup, where the browser allows it. For a tab, the popup reads the active tab, which the
 * menu click made readable (activeTab). For a link, the prefill travels in a popup address set for that
 * tab only, for this one opening. Must reach `openPopup` without awaiting anything first on the tab
 * path: Firefox only opens popups from the click's own task. False when the browser refused.
 */
async function openActionPopup(target: FormTarget): Promise<boolean> {
  const action = browser.action as Partial<typeof browser.action> | undefined;
  if (typeof action?.openPopup !== 'function') return false;
  const options = target.windowId === undefined ? undefined : { windowId: target.windowId };
  if (target.kind === 'tab') {
    try {
      await action.openPopup(options);
      return true;
    } catch {
      return false;
    }
  }
  if (target.tabId === undefined || typeof action.setPopup !== 'function') return false;
  const tabId = target.tabId;
  try {
    await action.setPopup({ tabId, popup: formPath(target) });
    await action.openPopup(options);
    return true;
  } catch {
    return false;
  } finally {
    await action.setPopup({ tabId, popup: POPUP_PAGE }).catch(() => undefined);
  }
}

/** Opens the registration form for `target`: the toolbar popup if possible, else a small window. */
export async function openRegistrationForm(target: FormTarget): Promise<'popup' | 'window'> {
  if (await openActionPopup(target)) return 'popup';
  await browser.windows.create({
    type: 'popup',
    url: `${browser.runtime.getURL('/')}${formPath(target)}`,
    ...FORM_WINDOW_SIZE,
  });
  return 'window';
}
