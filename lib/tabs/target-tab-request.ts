import { browser } from 'wxt/browser';

// The popup's tab, asked for in its first, small chunk (no zod, no React: entrypoints/popup/main.ts), so
// that the browser answers while the rest of the popup loads; read-target-tab.ts turns it into the page.

/** What the popup needs of a tab; the browser hides both without access to it. */
export interface TabSeen {
  url?: string | undefined;
  title?: string | undefined;
}

/** `popup.html?tabId=N` registers tab N (context menu, tests); otherwise the active tab. */
export function parseTabIdParam(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

/** The tab to register: tab N of `?tabId=N`, else the active tab of the window; undefined when there is none. */
export async function requestTargetTab(search: string): Promise<TabSeen | undefined> {
  const tabId = parseTabIdParam(search);
  return tabId === undefined
    ? (await browser.tabs.query({ active: true, currentWindow: true }))[0]
    : await browser.tabs.get(tabId).catch(() => undefined);
}
