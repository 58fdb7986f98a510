import { browser } from 'wxt/browser';

/**
 * Opens the options page at a section (its hash route, design.md §11), then closes the popup.
 * `runtime.openOptionsPage()` cannot take a hash, so the page is opened as a tab.
 */
export function openSettingsAt(section: 'connection/project-api' | 'projects'): void {
  void browser.tabs.create({ url: `${browser.runtime.getURL('/options.html')}#${section}` }).then(() => window.close());
}
