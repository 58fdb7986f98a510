import { watchKeys } from '../watch-item';
import { LOCK_KEY_KEY, LOCK_NEXT_KEY_KEY, LOCK_STATE_KEY } from './lock-keys';

/**
 * Calls back when the passphrase lock is turned on or off or its idle time changes (`local:lock`) and,
 * `withKey`, when its key comes or goes (unlocked, locked by hand or when idle: `session:`, whose values
 * are never passed on). Returns the unsubscribe.
 */
export function watchLock(callback: () => void, withKey = false): () => void {
  return watchKeys(
    (key, area) =>
      area === 'local'
        ? key === LOCK_STATE_KEY
        : withKey && area === 'session' && (key === LOCK_KEY_KEY || key === LOCK_NEXT_KEY_KEY),
    () => callback(),
  );
}
