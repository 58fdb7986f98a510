import { useEffect, useState } from 'react';
import { watchStoredHistory, type StoredHistory } from '@/lib/projects/history-source';

/** The history read before the first render (main.tsx), then kept current. */
export function useHistory(initial: StoredHistory): StoredHistory {
  const [history, setHistory] = useState(initial);
  useEffect(() => watchStoredHistory(setHistory), []);
  return history;
}
