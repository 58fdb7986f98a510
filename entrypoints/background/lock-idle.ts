import { browser } from 'wxt/browser';
import { readLockState } from '@/lib/storage/credentials/keyring';
import type { LockAfter } from '@/lib/storage/lock/lock-schema';
import type { LockService } from '@/lib/lock/lock-service';

// The idle lock (design.md §10), through the `idle` API: the browser reports "idle" after the chosen
// time without input (or "locked" with the screen), and the passphrase lock closes.

/** Sets the idle time the browser reports; "close" (lock only when the browser closes) needs none. */
export function applyLockAfter(lockAfter: LockAfter | undefined): Promise<void> {
  try {
    if (lockAfter && lockAfter !== 'close') browser.idle.setDetectionInterval(Number(lockAfter) * 60);
  } catch {
    // The lock is on either way; only the idle lock would be missing (the API is declared, so this is unexpected).
    console.warn('Review Companion: the idle time of the passphrase lock could not be set.');
  }
  return Promise.resolve();
}

/** Registered synchronously at the worker's start; the idle time is set again at every start. */
export function watchIdle(lock: LockService): void {
  browser.idle.onStateChanged.addListener((state) => {
    if (state === 'active') return;
    void readLockState().then(async (lockState) => {
      if (lockState && lockState.lockAfter !== 'close') await lock.lockNow();
    });
  });
  void readLockState().then((state) => applyLockAfter(state?.lockAfter));
}
