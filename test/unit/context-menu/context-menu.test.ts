import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { MenuClickInfo } from '@/lib/context-menu/handle-click';
import { MENU_ITEM_IDS } from '@/lib/context-menu/menu-items';
import type { FormTarget } from '@/lib/context-menu/open-form';
import { handleMenuClick, registerContextMenu } from '@/lib/context-menu/register';
import { installFakeAction, installFakeContextMenus } from '../helpers/fake-extension-apis';

const PAGE_URL = 'https://example.com/articles/42?ref=home#comments';
const LINK_URL = 'https://docs.example.org/guide/start?lang=en';

const tab = { id: 7, windowId: 3, url: PAGE_URL, title: 'Article 42', index: 0, active: true } as Browser.tabs.Tab;

/** What Chrome sends: no linkText. */
function chromeClick(menuItemId: string, extra: Partial<MenuClickInfo> = {}): MenuClickInfo {
  return { menuItemId, editable: false, pageUrl: PAGE_URL, frameId: 0, ...extra };
}
/** What Firefox sends: linkText with a link (plus fields Chrome lacks, such as `modifiers`). */
function firefoxClick(menuItemId: string, extra: Partial<MenuClickInfo> = {}): MenuClickInfo {
  return { ...chromeClick(menuItemId, extra), ...({ modifiers: [], button: 0, viewType: 'tab' } as object) };
}

let menus: ReturnType<typeof installFakeContextMenus>;

beforeEach(() => {
  fakeBrowser.reset();
  menus = installFakeContextMenus();
});

describe('creating the menu items (runtime.onInstalled)', () => {
  it('creates the page and link items, with translated titles, only for web pages', async () => {
    registerContextMenu(vi.fn());
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await vi.waitFor(() => expect(menus.items.size).toBe(2));
    expect(menus.items.get(MENU_ITEM_IDS.page)).toEqual({
      id: MENU_ITEM_IDS.page,
      title: 'Register this page for review',
      contexts: ['page'],
      documentUrlPatterns: ['http://*/*', 'https://*/*'],
    });
    expect(menus.items.get(MENU_ITEM_IDS.link)).toEqual({
      id: MENU_ITEM_IDS.link,
      title: 'Register linked page for review',
      contexts: ['link'],
      targetUrlPatterns: ['http://*/*', 'https://*/*'],
    });
  });

  it('is idempotent: a second onInstalled (an update) meets no duplicate id', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerContextMenu(vi.fn());
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await vi.waitFor(() => expect(menus.create).toHaveBeenCalledTimes(2));
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0' });
    await vi.waitFor(() => expect(menus.create).toHaveBeenCalledTimes(4));
    expect(menus.removeAll).toHaveBeenCalledTimes(2);
    expect([...menus.items.keys()].sort()).toEqual([MENU_ITEM_IDS.link, MENU_ITEM_IDS.page]);
    expect(errors).not.toHaveBeenCalled();
  });

  it('the fake itself refuses a duplicate id (so the test above proves something)', async () => {
    const { createMenuItems } = await import('@/lib/context-menu/menu-items');
    menus.removeAll.mockImplementation(() => Promise.resolve()); // a removeAll that forgets to remove
    await createMenuItems();
    await expect(createMenuItems()).rejects.toThrow(/duplicate id/);
  });
});

describe('clicks (contextMenus.onClicked) through the fake browser', () => {
  async function click(info: MenuClickInfo, clickedTab: Browser.tabs.Tab | undefined = tab): Promise<FormTarget[]> {
    const open = vi.fn((_target: FormTarget) => Promise.resolve());
    registerContextMenu(open);
    await menus.onClicked.trigger(info, clickedTab);
    await vi.waitFor(() => expect(open).toHaveBeenCalled());
    return open.mock.calls.map(([target]) => target);
  }

  it.each([
    ['Chrome', chromeClick(MENU_ITEM_IDS.page)],
    ['Firefox', firefoxClick(MENU_ITEM_IDS.page)],
  ])('%s, on a page: the form for that tab', async (_browser, info) => {
    expect(await click(info)).toEqual([{ kind: 'tab', tabId: 7, windowId: 3 }]);
  });

  it('Chrome, on a link (no linkText): the link, named by its host and path', async () => {
    expect(await click(chromeClick(MENU_ITEM_IDS.link, { linkUrl: LINK_URL }))).toEqual([
      { kind: 'link', url: LINK_URL, title: 'docs.example.org/guide/start', tabId: 7, windowId: 3 },
    ]);
  });

  it('Firefox, on a link: the link, named by its text', async () => {
    expect(await click(firefoxClick(MENU_ITEM_IDS.link, { linkUrl: LINK_URL, linkText: 'Getting started\n' }))).toEqual(
      [{ kind: 'link', url: LINK_URL, title: 'Getting started', tabId: 7, windowId: 3 }],
    );
  });

  it('on a page outside a normal tab (tab id -1): the page address, named by the tab title', async () => {
    const devtoolsTab = { ...tab, id: -1, windowId: -1 } as Browser.tabs.Tab;
    expect(await click(chromeClick(MENU_ITEM_IDS.page), devtoolsTab)).toEqual([
      { kind: 'link', url: PAGE_URL, title: 'Article 42' },
    ]);
  });

  it('ignores other items and a link item without a link', async () => {
    const open = vi.fn(() => Promise.resolve());
    await handleMenuClick(chromeClick('someone-else'), tab, open);
    await handleMenuClick(chromeClick(MENU_ITEM_IDS.link), tab, open);
    expect(open).not.toHaveBeenCalled();
  });

  it('a failure to open the form is logged (its kind only), never thrown', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await handleMenuClick(chromeClick(MENU_ITEM_IDS.page), tab, () =>
      Promise.reject(new TypeError(`secret ${PAGE_URL}`)),
    );
    expect(errors).toHaveBeenCalledWith('Review Companion: opening the registration form failed (TypeError).');
  });

  it('end to end through the real opener: a page click opens the toolbar popup in the tab’s window', async () => {
    const action = installFakeAction(() => Promise.resolve());
    registerContextMenu();
    await menus.onClicked.trigger(chromeClick(MENU_ITEM_IDS.page), tab);
    await vi.waitFor(() => expect(action.openPopup).toHaveBeenCalledWith({ windowId: 3 }));
  });
});
