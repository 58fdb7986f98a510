import { createSerialQueue } from '../../async/serial-queue';
import { isLockedNow } from './keyring';

// Background only. Two kinds of turn at the stored secrets:
// - A change of what is stored or how (a workspace's save or forget, the lock turning on or off,
//   locking, changing the passphrase, an import that adds secrets): one at a time, in one queue, and
//   never while an operation that uses the secrets is under way. A save can then never read "lock off"
//   and write clear text after the lock has sealed everything, nor the lock seal values a save is
//   about to replace.
// - An operation that uses the secrets and stores a result that must be sealed (a user group created
//   or rotated, a registry restored): any number at once, each holding the key it started with until
//   its result is written. Locking waits for them (a request times out within 15 s), so the new token
//   of a rotation the service has carried out is never lost to a lock that closed meanwhile.

const serially = createSerialQueue();
/** Set while a change runs: operations that start meanwhile wait for it. */
let changing: Promise<void> | undefined;
let operations = 0;
let idle: (() => void)[] = [];

/**
 * A request answers or times out within 15 s, so operations end; should one never end (a bug), a
 * change waits at most this long rather than leave the lock open for good.
 */
const MAX_WAIT_FOR_OPERATIONS_MS = 30_000;

function settled(): Promise<void> {
  if (operations === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.warn(
        'Review Companion: an operation holding the secrets did not end within 30 s; the change goes ahead.',
      );
      resolve();
    }, MAX_WAIT_FOR_OPERATIONS_MS);
    idle.push(() => (clearTimeout(timer), resolve()));
  });
}

/** Runs `change` after every change queued before it, once no operation holds the secrets; a failure does not stop the ones after it. */
export function inCredentialsLane<T>(change: () => Promise<T>): Promise<T> {
  return serially(async () => {
    let done = () => {};
    changing = new Promise((resolve) => (done = resolve));
    try {
      await settled();
      return await change();
    } finally {
      changing = undefined;
      done();
    }
  });
}

/** Runs `operation` while no change of the stored secrets can run (it waits for one under way to end). */
export async function whileSecretsHeld<T>(operation: () => Promise<T>): Promise<T> {
  while (changing) await changing;
  operations += 1;
  try {
    return await operation();
  } finally {
    operations -= 1;
    if (operations === 0) {
      const waiting = idle;
      idle = [];
      for (const resume of waiting) resume();
    }
  }
}

/**
 * An operation that needs the secrets open: `locked()` answers while the lock is closed; otherwise the
 * key stays at hand until `operation` has stored its result (whileSecretsHeld).
 */
export function withSecretsOpen<T>(locked: () => T, operation: () => Promise<T>): Promise<T> {
  return whileSecretsHeld(async () => ((await isLockedNow()) ? locked() : operation()));
}
