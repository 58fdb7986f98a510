import type { HistoryEntry } from '../storage/history/history-schema';
import { normalizeUrl } from './normalize-url';

/**
 * The latest registration of this very page in the history, by the popup's rule (normalize-url.ts): the
 * background's check before it creates, whatever the popup showed. No index kept: each project created
 * changes the history, so an index would be made again for the next create anyway (5,000 entries, the
 * history's limit, take about 3 ms).
 */
export function registeredBefore(history: readonly HistoryEntry[], rawUrl: string): HistoryEntry | undefined {
  const page = normalizeUrl(rawUrl)?.url;
  return page === undefined ? undefined : history.findLast((entry) => normalizeUrl(entry.projectUrl)?.url === page);
}
