import { useEffect, useState } from 'react';
import { watchStoredHistory, type StoredHistory } from '@/lib/storage/history/history-source';
import { workspaceScope } from '@/lib/storage/workspace-keys';

/** A workspace's history read before the first render (main.tsx), then kept current. */
export function useHistory(workspaceId: string, initial: StoredHistory): StoredHistory {
  const [history, setHistory] = useState(initial);
  useEffect(() => watchStoredHistory(workspaceScope(workspaceId), setHistory), [workspaceId]);
  return history;
}
