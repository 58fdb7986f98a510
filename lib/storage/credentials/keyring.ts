import { browser } from 'wxt/browser';
import { decryptText } from '../../crypto/aes-gcm';
import { base64ToBytes, bytesToBase64 } from '../../crypto/base64';
import { importAesKey } from '../../crypto/kdf';
import { LOCK_KEY_KEY, LOCK_NEXT_KEY_KEY, LOCK_STATE_KEY, LOCK_VERIFIER_TEXT } from '../lock/lock-keys';
import { LOCK_OPEN_KEY } from '../popup-view/popup-view-keys';
import { removeFromArea, writeArea } from '../area-write';
import { lockStateSchema, type LockState } from '../lock/lock-schema';

// Background only. The lock's key: in the worker's memory, and in `session:` so that a worker restart
// while unlocked stays unlocked; the browser clears `session:` when it closes, which locks.
//
// A key counts only if it opens the verifier of the lock state stored now. While the passphrase
// changes, `session:` holds the old key and the next one (`lockKeyNext`), and `local:` switches from
// the old state and data to the new ones in one write: whichever key opens the stored verifier is the
// current one, before, during and after that write (lock-transitions.ts finishes or rolls back).

/** Keys that opened a verifier, by verifier and raw key: checking costs one small decryption, once. */
const verified = new Map<string, CryptoKey>();

/** The lock's state, validated; undefined when the lock is off (or its state unreadable, reported once per read). */
export async function readLockState(): Promise<LockState | undefined> {
  const stored: unknown = (await browser.storage.local.get(LOCK_STATE_KEY))[LOCK_STATE_KEY];
  // `null`: turned off (written in the same call that stores the clear values).
  if (stored === undefined || stored === null) return undefined;
  const parsed = lockStateSchema.safeParse(stored);
  if (!parsed.success) console.warn('Review Companion: the stored lock state had an unexpected shape and is ignored.');
  return parsed.success ? parsed.data : undefined;
}

/** Writes the lock's state (checked first, so that a bug cannot store what a read would reject). */
export async function writeLockState(state: LockState): Promise<void> {
  await writeArea('local', { [LOCK_STATE_KEY]: lockStateSchema.parse(state) });
}

/** The key that this raw key is, if it opens the state's verifier. */
export async function keyIfVerified(raw: string, state: LockState): Promise<CryptoKey | undefined> {
  const id = `${state.verifier.iv}.${state.verifier.data}.${raw}`;
  const known = verified.get(id);
  if (known) return known;
  const bytes = base64ToBytes(raw);
  if (bytes?.length !== 32) return undefined;
  const key = await importAesKey(bytes);
  const opened = await decryptText(key, state.verifier);
  if (!opened.ok || opened.value !== LOCK_VERIFIER_TEXT) return undefined;
  verified.set(id, key);
  return key;
}

/** The raw keys `session:` holds: the current one and, while the passphrase changes, the next. */
export async function sessionKeys(): Promise<{ current?: string; next?: string }> {
  const stored = await browser.storage.session.get([LOCK_KEY_KEY, LOCK_NEXT_KEY_KEY]);
  const current: unknown = stored[LOCK_KEY_KEY];
  const next: unknown = stored[LOCK_NEXT_KEY_KEY];
  return { ...(typeof current === 'string' && { current }), ...(typeof next === 'string' && { next }) };
}

/**
 * The key while the lock is on and unlocked, else undefined. `of`: the lock state to verify it against
 * instead of the stored one (a state about to be stored: the popup's view, made inside that write).
 */
export async function currentKey(of?: LockState | null): Promise<CryptoKey | undefined> {
  const [state, keys] = await Promise.all([of === undefined ? readLockState() : of, sessionKeys()]);
  if (!state) return undefined;
  for (const raw of [keys.current, keys.next]) {
    const key = raw === undefined ? undefined : await keyIfVerified(raw, state);
    if (key) return key;
  }
  return undefined;
}

/**
 * The `session:` entries that hold a key (base64) and say that the lock is open: written with whatever
 * else a change writes there.
 */
export const keyEntryOf = (base64: string): Record<string, string | boolean> => ({
  [LOCK_KEY_KEY]: base64,
  [LOCK_OPEN_KEY]: true,
});
export const keyEntry = (raw: Uint8Array) => keyEntryOf(bytesToBase64(raw));

/** Keeps a key that opened the verifier in `session:`: unlocked until it is dropped or the browser closes. */
export async function keepKey(raw: Uint8Array): Promise<void> {
  await writeArea('session', keyEntry(raw));
}

/** The `session:` entry of the key a change is about to switch to (see above). */
export const nextKeyEntry = (raw: Uint8Array): Record<string, string> => ({ [LOCK_NEXT_KEY_KEY]: bytesToBase64(raw) });

/** Forgets the keys everywhere: locked. */
export async function dropKey(): Promise<void> {
  verified.clear();
  await removeFromArea('session', [LOCK_KEY_KEY, LOCK_NEXT_KEY_KEY, LOCK_OPEN_KEY]);
}

/** Locked: the lock is on and no key at hand opens it. */
export async function isLockedNow(): Promise<boolean> {
  return (await readLockState()) !== undefined && (await currentKey()) === undefined;
}
