import { create } from 'zustand';
import { readStoredHistory, watchStoredHistory, type StoredHistory } from '../projects/history-source';

interface ProjectHistoryState extends StoredHistory {
  loaded: boolean;
}

export const useProjectHistoryStore = create<ProjectHistoryState>(() => ({ entries: [], loaded: false, unreadable: false }));

/** Mirrors the history for the options page: the background writes it, every tab follows. */
export function startProjectHistoryStore(): () => void {
  const show = (history: StoredHistory) => useProjectHistoryStore.setState({ ...history, loaded: true });
  const stop = watchStoredHistory(show);
  void readStoredHistory().then(show);
  return stop;
}
