import { browser } from 'wxt/browser';
import {
  optionsPagePath,
  sectionHref,
  WORKSPACE_PARAM,
  type Section,
  type SectionTarget,
} from '@/lib/url/section-routes';

/** The options page's address, without query or hash. */
const optionsPageUrl = () => browser.runtime.getURL('/options.html');

/**
 * Whether an options page at `documentUrl` shows `workspaceId`: its address names that workspace, or
 * names none and the workspace is the last used one (which a page opened without one shows).
 */
export function optionsPageShowsWorkspace(
  documentUrl: string | undefined,
  optionsUrl: string,
  workspaceId: string,
  lastUsed: string,
): boolean {
  if (documentUrl?.split(/[?#]/, 1)[0] !== optionsUrl) return false;
  const url = new URL(documentUrl);
  return (url.searchParams.get(WORKSPACE_PARAM) ?? lastUsed) === workspaceId;
}

/** An options page open in a tab: its address and its tab. */
export interface OptionsTab {
  documentUrl: string;
  tabId: number;
}

/**
 * The options pages open in tabs, asked with `runtime.getContexts` (Chrome 116+, Firefox 128+): it
 * answers in Chrome's service worker and in Firefox's background page alike, with each page's address
 * and tab, whereas `extension.getViews` does not exist in a service worker and `clients.matchAll` does
 * not exist in Firefox's background page. Where it is missing, none is known.
 */
export async function openOptionsTabs(): Promise<OptionsTab[]> {
  if (typeof browser.runtime.getContexts !== 'function') return [];
  const optionsUrl = optionsPageUrl();
  const contexts = await browser.runtime.getContexts({ contextTypes: ['TAB'] });
  return contexts.flatMap(({ documentUrl, tabId }) =>
    documentUrl?.split(/[?#]/, 1)[0] === optionsUrl && tabId >= 0 ? [{ documentUrl, tabId }] : [],
  );
}

/**
 * Shows a section of the options page on a workspace, after a click on a notification: an options page
 * already open is brought forward and moved there rather than a second one opened beside it (issue
 * 41). One that shows the workspace first: only its address's hash changes, so the page stays as it
 * is (what the user typed included); else another options page, switched to the workspace. None open
 * (or none known): a new tab.
 */
export async function showOptionsSection<S extends Section>(
  section: S,
  where: { workspaceId: string; target?: SectionTarget<S> },
  lastUsed: string,
): Promise<void> {
  const tabs = await openOptionsTabs();
  const same = tabs.find((tab) =>
    optionsPageShowsWorkspace(tab.documentUrl, optionsPageUrl(), where.workspaceId, lastUsed),
  );
  const reused = same ?? tabs[0];
  const url = same
    ? `${same.documentUrl.split('#', 1)[0]}${sectionHref(section, where.target)}`
    : browser.runtime.getURL(optionsPagePath(section, where));
  if (!reused) {
    await browser.tabs.create({ url });
    return;
  }
  const tab = await browser.tabs.update(reused.tabId, { url, active: true });
  if (tab?.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true });
}
