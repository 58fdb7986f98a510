import { browser } from 'wxt/browser';
import { base64ToBytes, bytesToBase64 } from '../../crypto/base64';
import { importAesKey } from '../../crypto/kdf';
import { LOCK_KEY_KEY, LOCK_STATE_KEY } from '../lock/lock-keys';
import { lockStateSchema, type LockState } from '../lock/lock-schema';

// Background only. The lock's key: in the worker's memory, and in `session:` so that a worker restart
// while unlocked stays unlocked; the browser clears `session:` when it closes, which locks.

let cached: { raw: string; key: CryptoKey } | undefined;

/** The lock's state, validated; undefined when the lock is off (or its state unreadable, reported once per read). */
export async function readLockState(): Promise<LockState | undefined> {
  const stored: unknown = (await browser.storage.local.get(LOCK_STATE_KEY))[LOCK_STATE_KEY];
  if (stored === undefined) return undefined;
  const parsed = lockStateSchema.safeParse(stored);
  if (!parsed.success) console.warn('Review Companion: the stored lock state had an unexpected shape and is ignored.');
  return parsed.success ? parsed.data : undefined;
}

/** The key while unlocked, else undefined. */
export async function currentKey(): Promise<CryptoKey | undefined> {
  const raw: unknown = (await browser.storage.session.get(LOCK_KEY_KEY))[LOCK_KEY_KEY];
  if (typeof raw !== 'string') {
    cached = undefined;
    return undefined;
  }
  if (cached?.raw !== raw) {
    const bytes = base64ToBytes(raw);
    if (bytes?.length !== 32) return undefined;
    cached = { raw, key: await importAesKey(bytes) };
  }
  return cached.key;
}

/** The `session:` entry that holds a key: written with whatever else a change writes there. */
export const keyEntry = (raw: Uint8Array): Record<string, string> => ({ [LOCK_KEY_KEY]: bytesToBase64(raw) });

/** Forgets the key everywhere: locked. */
export async function dropKey(): Promise<void> {
  cached = undefined;
  await browser.storage.session.remove(LOCK_KEY_KEY);
}

/** Locked: the lock is on and no key is at hand. */
export async function isLockedNow(): Promise<boolean> {
  return (await readLockState()) !== undefined && (await currentKey()) === undefined;
}
