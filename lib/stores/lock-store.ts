import { create } from 'zustand';
import { sendMessage } from '../messaging/client';
import { getLockStatus } from '../messaging/messages/lock-messages';
import type { LockStatus } from '../storage/lock/lock-schema';
import { watchLock } from '../storage/lock/watch-lock';

interface LockState {
  /** The passphrase lock as the background last said it; undefined until it has answered. */
  status?: LockStatus;
  /** How many times this page has seen the lock close: a token shown before a lock is hidden after it. */
  closings: number;
}

/**
 * The passphrase lock for the options page (design.md §10): on or off, open or closed. The background
 * says it (the key never reaches a page); it is asked again whenever the lock's stored state changes
 * (turned on or off: `local:lock`), its key comes or goes (unlocked, locked by hand or when idle:
 * `session:`, whose values are never read here), and when the page is shown again.
 */
export const useLockStore = create<LockState>(() => ({ closings: 0 }));

/** Asks the background now; the store follows. */
export async function refreshLockStatus(): Promise<LockStatus | undefined> {
  const answer = await sendMessage(getLockStatus, {});
  if (!answer.ok) return useLockStore.getState().status;
  const current = useLockStore.getState().status;
  const next = answer.value;
  if (
    !current ||
    current.enabled !== next.enabled ||
    current.locked !== next.locked ||
    current.lockAfter !== next.lockAfter
  )
    useLockStore.setState((state) => ({
      status: next,
      closings: next.locked && current?.locked !== true ? state.closings + 1 : state.closings,
    }));
  return next;
}

/** Follows the lock until the returned function is called. */
export function startLockStore(): () => void {
  void refreshLockStatus();
  const onVisible = () => document.visibilityState === 'visible' && void refreshLockStatus();
  const stopWatching = watchLock(() => void refreshLockStatus(), true);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopWatching();
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** The lock is on and closed: sealed secrets cannot be used until the user unlocks. */
export const useLocked = (): boolean => useLockStore((state) => state.status?.locked === true);

/** The lock is on (open or closed): group tokens are sealed at rest, and only the background opens them. */
export const useTokensSealed = (): boolean => useLockStore((state) => state.status?.enabled === true);
