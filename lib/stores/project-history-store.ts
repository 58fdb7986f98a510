import { create } from 'zustand';
import { readStoredHistory, watchStoredHistory, type StoredHistory } from '../storage/history/history-source';
import { workspaceScope } from '../storage/workspace-keys';

interface ProjectHistoryState extends StoredHistory {
  loaded: boolean;
}

export const useProjectHistoryStore = create<ProjectHistoryState>(() => ({
  entries: [],
  loaded: false,
  unreadable: false,
}));

/** Mirrors a workspace's history for the options page: the background writes it, every tab follows. */
export function startProjectHistoryStore(workspaceId: string): () => void {
  const scope = workspaceScope(workspaceId);
  let stopped = false;
  useProjectHistoryStore.setState({ entries: [], loaded: false, unreadable: false });
  const show = (history: StoredHistory) => {
    if (!stopped) useProjectHistoryStore.setState({ ...history, loaded: true });
  };
  const stop = watchStoredHistory(scope, show);
  void readStoredHistory(scope).then(show);
  return () => {
    stopped = true;
    stop();
  };
}
