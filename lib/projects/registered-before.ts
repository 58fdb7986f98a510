import type { HistoryEntry } from '../storage/history/history-schema';
import { normalizeUrl } from './normalize-url';

/** Each history's pages by their normalised address (the latest registration of each), made once per history. */
const byPage = new WeakMap<readonly HistoryEntry[], Map<string, HistoryEntry>>();

/**
 * The latest registration of this very page in the history, by the popup's rule (normalize-url.ts): the
 * background's check before it creates, whatever the popup showed. The history's reader keeps one array
 * until the history changes, so the map is made once per change, not per request.
 */
export function registeredBefore(history: readonly HistoryEntry[], rawUrl: string): HistoryEntry | undefined {
  const page = normalizeUrl(rawUrl)?.url;
  if (page === undefined) return undefined;
  let pages = byPage.get(history);
  if (!pages) {
    pages = new Map();
    for (const entry of history) {
      const url = normalizeUrl(entry.projectUrl)?.url;
      if (url !== undefined) pages.set(url, entry);
    }
    byPage.set(history, pages);
  }
  return pages.get(page);
}
