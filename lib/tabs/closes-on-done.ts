import { browser } from 'wxt/browser';

/**
 * Whether Done closes the form: it does in the toolbar popup (which is no tab) and in the small window
 * the context menu opens where no popup can be (a tab of a `popup` window); popup.html opened as a page
 * in a tab stays, and goes back to the form.
 */
export async function closesOnDone(): Promise<boolean> {
  const tab = await browser.tabs.getCurrent();
  if (!tab) return true;
  return tab.windowId !== undefined && (await browser.windows.get(tab.windowId)).type === 'popup';
}
