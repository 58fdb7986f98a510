import type { HistoryEntry } from '../storage/history/history-schema';
import { normalizeUrl } from './normalize-url';

// Page status on Chrome (design.md §12): the toolbar icon carries a mark on the pages already registered
// in the last used workspace, through declarativeContent rules that Chrome matches by itself (no host
// permission, no content script). What the rules hold is built here, from the workspace's history; the
// background turns it into Chrome's rule objects (entrypoints/background/page-status.ts).

/** Rule ids: `registered-pages-0`, `registered-pages-1`… */
export const PAGE_STATUS_RULE_PREFIX = 'registered-pages-';

/**
 * Addresses per rule. Every condition of a rule sets the same icon, so one rule could hold them all;
 * they are cut into rules of this many so that no single rule (and no single call to Chrome) grows
 * with the history: the history's 5,000 entries make at most 5 rules, each carrying one copy of the icon.
 */
export const URLS_PER_RULE = 1000;

/**
 * The registered pages' addresses as Chrome's `urlEquals` compares them: without the fragment and
 * without a default port (both as normalizeUrl gives them, the popup's duplicate check's key), http(s)
 * only, each once, the newest first.
 */
export function registeredPageUrls(history: readonly HistoryEntry[]): string[] {
  const urls = new Set<string>();
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const normalized = normalizeUrl(history[index]!.projectUrl);
    if (normalized) urls.add(normalized.url);
  }
  return [...urls];
}

/** One rule's id and the addresses its conditions match. */
export interface PageStatusRule {
  id: string;
  urls: string[];
}

/** The rules for these addresses: as few as the size per rule allows, none for none. */
export function pageStatusRules(urls: readonly string[], perRule = URLS_PER_RULE): PageStatusRule[] {
  const rules: PageStatusRule[] = [];
  for (let start = 0; start < urls.length; start += perRule) {
    rules.push({ id: `${PAGE_STATUS_RULE_PREFIX}${rules.length}`, urls: urls.slice(start, start + perRule) });
  }
  return rules;
}
