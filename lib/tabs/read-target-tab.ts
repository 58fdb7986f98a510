import { browser } from 'wxt/browser';

export interface TargetPage {
  url: string;
  title: string;
}

/** `popup.html?tabId=N` registers tab N (context menu, tests); otherwise the active tab. */
export function parseTabIdParam(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

/**
 * The page to register. Without access to the tab (no activeTab grant, no host permission) the
 * browser hides url and title: the fields then start empty, which the popup explains.
 */
export async function readTargetPage(search: string): Promise<TargetPage> {
  const tabId = parseTabIdParam(search);
  const tab =
    tabId === undefined
      ? (await browser.tabs.query({ active: true, currentWindow: true }))[0]
      : await browser.tabs.get(tabId).catch(() => undefined);
  return { url: tab?.url ?? '', title: tab?.title ?? '' };
}
