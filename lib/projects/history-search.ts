import type { HistoryEntry } from '../storage/history/history-schema';

/** The projects that match a search (name, address or id, any case), newest first. */
export function searchHistory(entries: readonly HistoryEntry[], search: string): HistoryEntry[] {
  const needle = search.trim().toLocaleLowerCase();
  const newest = [...entries].reverse();
  if (!needle) return newest;
  return newest.filter(
    (entry) =>
      entry.projectName.toLocaleLowerCase().includes(needle) ||
      entry.projectUrl.toLocaleLowerCase().includes(needle) ||
      entry.projectId.toLocaleLowerCase().includes(needle),
  );
}
