import { decryptText } from '../../crypto/aes-gcm';
import { base64ToBytes } from '../../crypto/base64';
import { deriveRawKey, importAesKey } from '../../crypto/kdf';
import { LOCK_VERIFIER_TEXT } from '../lock/lock-keys';
import type { LockState } from '../lock/lock-schema';
import { credentialsAtRestSchema, hasSecret, isSealed, sealWith, unsealWith } from './sealed-credentials';

// Background only: the passphrase check and the re-encoding of stored credentials for lock-service.ts.

export interface Opened {
  raw: Uint8Array<ArrayBuffer>;
  key: CryptoKey;
}

/** The key a passphrase gives with this state, if it opens the verifier. */
export async function openWith(state: LockState, passphrase: string): Promise<Opened | undefined> {
  const salt = base64ToBytes(state.salt);
  const raw = salt && (await deriveRawKey(passphrase, salt, state.iterations));
  if (!raw?.ok) return undefined;
  const key = await importAesKey(raw.value);
  const verified = await decryptText(key, state.verifier);
  return verified.ok && verified.value === LOCK_VERIFIER_TEXT ? { raw: raw.value, key } : undefined;
}

/**
 * Every stored credentials value of `values`, opened with `from` (clear ones as they are) and closed
 * with `to` (clear when undefined or nothing secret). A value that cannot be read is left alone.
 */
export async function recode(
  values: Record<string, unknown>,
  from: CryptoKey | undefined,
  to: CryptoKey | undefined,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const parsed = credentialsAtRestSchema.safeParse(value);
    if (!parsed.success) continue;
    const clear = isSealed(parsed.data) ? from && (await unsealWith(from, parsed.data)) : parsed.data;
    if (clear) out[name] = to && hasSecret(clear) ? await sealWith(to, clear) : clear;
  }
  return out;
}
