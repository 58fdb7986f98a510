import type { HistoryEntry } from '../storage/history/history-schema';
import { createRowSearch } from '../text/word-search';

/** One search per stored history (a change makes a new array): typing folds its texts once. */
const searches = new WeakMap<readonly HistoryEntry[], (query: string) => readonly HistoryEntry[]>();

/**
 * The projects that match a search, newest first: every word, in any order, in the name, the address
 * or the id, any case and accents (the one rule of every list, lib/text/word-search.ts).
 */
export function searchHistory(entries: readonly HistoryEntry[], search: string): readonly HistoryEntry[] {
  let find = searches.get(entries);
  if (!find) {
    find = createRowSearch([...entries].reverse(), (entry) => [entry.projectName, entry.projectUrl, entry.projectId]);
    searches.set(entries, find);
  }
  return find(search);
}
