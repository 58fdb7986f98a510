import { browser } from 'wxt/browser';
import { t } from '../i18n';

export const MENU_ITEM_IDS = { page: 'register-page', link: 'register-link' } as const;

/** Only web pages can be registered: the items do not appear anywhere else. */
const WEB_PAGES = ['http://*/*', 'https://*/*'];

/** menus.create reports through a callback and runtime.lastError, not a Promise. */
function create(properties: Parameters<typeof browser.contextMenus.create>[0]): Promise<void> {
  return new Promise((resolve, reject) => {
    browser.contextMenus.create(properties, () => {
      const error = browser.runtime.lastError;
      if (error) reject(new Error(error.message ?? 'contextMenus.create failed'));
      else resolve();
    });
  });
}

/**
 * The two items, with ids (event pages and service workers need them; browsers keep the items across
 * restarts). Idempotent: everything of ours is removed first, so running it again (an update, a second
 * onInstalled) never meets a duplicate id.
 */
export async function createMenuItems(): Promise<void> {
  await browser.contextMenus.removeAll();
  await Promise.all([
    create({
      id: MENU_ITEM_IDS.page,
      title: t('menuRegisterPage'),
      contexts: ['page'],
      documentUrlPatterns: WEB_PAGES,
    }),
    create({ id: MENU_ITEM_IDS.link, title: t('menuRegisterLink'), contexts: ['link'], targetUrlPatterns: WEB_PAGES }),
  ]);
}
