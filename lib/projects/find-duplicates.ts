import type { HistoryEntry } from '../storage/history/history-schema';
import { normalizeUrl } from './normalize-url';

/** The history arranged for lookups: built once per history change, asked on every keystroke. */
export interface HistoryIndex {
  /** Normalised URL → its registrations, newest first. */
  byUrl: Map<string, HistoryEntry[]>;
  /** Normalised origin → the distinct normalised URLs registered on it. */
  urlsByOrigin: Map<string, Set<string>>;
}

export interface DuplicateReport {
  /** Earlier registrations of this very page, newest first (empty when none). */
  samePage: HistoryEntry[];
  /** Other pages of the same site (same normalised origin) that are registered. */
  otherPagesOfSite: number;
  /** `example.com`, for the message. */
  site: string;
  /** The normalised URL the report is about: a confirmation is valid for this one only. */
  normalizedUrl: string;
}

export function indexHistory(history: readonly HistoryEntry[]): HistoryIndex {
  const byUrl = new Map<string, HistoryEntry[]>();
  const urlsByOrigin = new Map<string, Set<string>>();
  for (const entry of history) {
    const normalized = normalizeUrl(entry.projectUrl);
    if (!normalized) continue;
    const entries = byUrl.get(normalized.url) ?? [];
    entries.unshift(entry); // the history is oldest first
    byUrl.set(normalized.url, entries);
    const urls = urlsByOrigin.get(normalized.origin) ?? new Set<string>();
    urls.add(normalized.url);
    urlsByOrigin.set(normalized.origin, urls);
  }
  return { byUrl, urlsByOrigin };
}

/**
 * What the history says about registering `rawUrl`: the same page registered before, and how many other
 * pages of its site are. Undefined when the address is not a web address or the history knows nothing.
 */
export function findDuplicates(index: HistoryIndex, rawUrl: string): DuplicateReport | undefined {
  const normalized = normalizeUrl(rawUrl);
  if (!normalized) return undefined;
  const samePage = index.byUrl.get(normalized.url) ?? [];
  const siteUrls = index.urlsByOrigin.get(normalized.origin);
  const otherPagesOfSite = siteUrls ? siteUrls.size - (siteUrls.has(normalized.url) ? 1 : 0) : 0;
  if (samePage.length === 0 && otherPagesOfSite === 0) return undefined;
  return { samePage, otherPagesOfSite, site: normalized.site, normalizedUrl: normalized.url };
}
