import { useEffect, useState } from 'react';
import { loadStoredActivity, watchStoredActivity, type StoredActivity } from '@/lib/storage/activity/activity-source';

export type LoadedActivity = (StoredActivity & { loaded: true; complete: boolean }) | { loaded: false };

/**
 * Follows the stored log: the newest entries first (the list shows at once), older ones as they are
 * read; read again on each write (the background appends).
 */
export function useStoredActivity(): LoadedActivity {
  const [state, setState] = useState<LoadedActivity>({ loaded: false });
  useEffect(() => {
    let stopped = false;
    let reading = false;
    let again = false;
    const read = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      void loadStoredActivity(
        (stored, complete) => setState({ ...stored, loaded: true, complete }),
        () => stopped,
      ).finally(() => {
        reading = false;
        if (again && !stopped) {
          again = false;
          read();
        }
      });
    };
    const stop = watchStoredActivity(read);
    read();
    return () => {
      stopped = true;
      stop();
    };
  }, []);
  return state;
}
