import type { Browser } from 'wxt/browser';
import { nameForLink } from './link-target';
import { MENU_ITEM_IDS } from './menu-items';
import type { FormTarget } from './open-form';

/** Firefox adds `linkText` to the click data; Chrome does not have it. */
export type MenuClickInfo = Browser.contextMenus.OnClickData & { linkText?: string };

/**
 * What a menu click asks to register. A page click names its tab (the popup reads it); a tab id of -1
 * or none (a click outside a normal tab) falls back to the page's address. A link click carries the
 * link's address and a name (see nameForLink). Undefined for anything else.
 */
export function targetOfClick(info: MenuClickInfo, tab?: Browser.tabs.Tab): FormTarget | undefined {
  const tabId = tab?.id !== undefined && tab.id >= 0 ? tab.id : undefined;
  const windowId = tab?.windowId !== undefined && tab.windowId >= 0 ? tab.windowId : undefined;
  if (info.menuItemId === MENU_ITEM_IDS.link && info.linkUrl) {
    return { kind: 'link', url: info.linkUrl, title: nameForLink(info.linkUrl, info.linkText), tabId, windowId };
  }
  if (info.menuItemId === MENU_ITEM_IDS.page) {
    if (tabId !== undefined) return { kind: 'tab', tabId, windowId };
    if (info.pageUrl)
      return { kind: 'link', url: info.pageUrl, title: nameForLink(info.pageUrl, tab?.title), windowId };
  }
  return undefined;
}
