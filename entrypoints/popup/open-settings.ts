import { browser } from 'wxt/browser';
import type { SectionAddress } from '@/lib/url/section-routes';

/**
 * Opens the options page at a section (its hash route, design.md §11), then closes the popup.
 * `runtime.openOptionsPage()` cannot take a hash, so the page is opened as a tab.
 */
export function openSettingsAt(address: SectionAddress): void {
  void browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}#${address}` }).then(() => window.close());
}
