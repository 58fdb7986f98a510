import { useCallback, useEffect, useRef, useState } from 'react';
import { readStoredHistory, watchStoredHistory, type StoredHistory } from '@/lib/storage/history/history-source';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import type { HistoryStart } from './popup-state';

/**
 * A workspace's history: what the first render showed (popup-state.ts), then the whole of it once read,
 * then every change the background makes. `reload` reads it again (the background said the page was
 * registered before the popup knew).
 */
export function useHistory(workspaceId: string, start: HistoryStart): [StoredHistory, () => Promise<StoredHistory>] {
  const [history, setHistory] = useState(start.shown);
  // A change seen by the watcher is newer than the whole history read at the opening.
  const changed = useRef(false);
  useEffect(() => {
    let current = true;
    changed.current = false;
    void start.whole.then((whole) => current && !changed.current && setHistory(whole));
    const stop = watchStoredHistory(workspaceScope(workspaceId), (next) => {
      changed.current = true;
      setHistory(next);
    });
    return () => {
      current = false;
      stop();
    };
  }, [workspaceId, start]);
  const reload = useCallback(async () => {
    const read = await readStoredHistory(workspaceScope(workspaceId));
    setHistory(read);
    return read;
  }, [workspaceId]);
  return [history, reload];
}
