import { browser } from 'wxt/browser';
import { optionsPagePath } from '@/lib/url/section-routes';

/** The options page's start section: it asks what the user will do and sets up only that (design.md §11). */
export const START_PAGE_PATH = optionsPagePath('start');

/** On install, not on update or a browser update: the start page opens once, in a new tab. */
export function openStartPageOnInstall(): void {
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.tabs.create({ url: browser.runtime.getURL(START_PAGE_PATH) });
  });
}
