import { decryptText } from '../../crypto/aes-gcm';
import { base64ToBytes } from '../../crypto/base64';
import { deriveRawKey, importAesKey } from '../../crypto/kdf';
import { LOCK_VERIFIER_TEXT } from '../lock/lock-keys';
import type { LockState } from '../lock/lock-schema';

// Background only: the passphrase check of the lock.

/** A raw key (32 bytes) and the CryptoKey it makes. */
export interface LockKey {
  raw: Uint8Array<ArrayBuffer>;
  key: CryptoKey;
}

/** The key a passphrase gives with this state, if it opens the verifier. */
export async function openWith(state: LockState, passphrase: string): Promise<LockKey | undefined> {
  const salt = base64ToBytes(state.salt);
  const raw = salt && (await deriveRawKey(passphrase, salt, state.iterations));
  if (!raw?.ok) return undefined;
  const key = await importAesKey(raw.value);
  const verified = await decryptText(key, state.verifier);
  return verified.ok && verified.value === LOCK_VERIFIER_TEXT ? { raw: raw.value, key } : undefined;
}
