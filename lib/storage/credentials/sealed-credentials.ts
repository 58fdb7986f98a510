import { z } from 'zod/mini';
import {
  EMPTY_STORED_CREDENTIALS,
  storedCredentialsSchema,
  type StoredCredentials,
} from '../connection/connection-schema';
import { decryptText, encryptText } from '../../crypto/aes-gcm';
import type { RandomBytes } from '../../crypto/random';
import { currentKey, readLockState } from './keyring';
import { SEALED_CREDENTIALS_AAD } from '../lock/lock-keys';
import { sealedCredentialsSchema, type LockState, type SealedCredentials } from '../lock/lock-schema';

// Background only: a workspace's credentials as stored, clear (lock off) or sealed (lock on).

/** A stored credentials value: clear (version 2) or sealed under the lock's key. */
export const credentialsAtRestSchema = z.union([storedCredentialsSchema, sealedCredentialsSchema]);
export type CredentialsAtRest = z.infer<typeof credentialsAtRestSchema>;

/** Thrown by a write that would have to seal credentials while locked; handlers check first and answer LOCKED. */
export class CredentialsLockedError extends Error {
  override name = 'CredentialsLockedError';
}

const aad = () => new TextEncoder().encode(SEALED_CREDENTIALS_AAD);

export const isSealed = (value: CredentialsAtRest): value is SealedCredentials => 'sealed' in value;
export const hasSecret = (value: StoredCredentials): boolean =>
  Boolean(value.userGroup.apiToken || value.project.apiKey || value.project.authToken);

export async function sealWith(
  key: CryptoKey,
  value: StoredCredentials,
  randomBytes?: RandomBytes,
): Promise<SealedCredentials> {
  const text = JSON.stringify(storedCredentialsSchema.parse(value));
  return { sealed: await encryptText(key, text, { aad: aad(), ...(randomBytes && { randomBytes }) }) };
}

/** The credentials, or undefined for another key or a damaged value. */
export async function unsealWith(key: CryptoKey, value: SealedCredentials): Promise<StoredCredentials | undefined> {
  const text = await decryptText(key, value.sealed, aad());
  if (!text.ok) return undefined;
  try {
    const parsed = storedCredentialsSchema.safeParse(JSON.parse(text.value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A stored value made usable: clear as it is, sealed with the current key; 'locked' without one. */
export async function openAtRest(value: CredentialsAtRest): Promise<StoredCredentials | 'locked'> {
  if (!isSealed(value)) return value;
  const key = await currentKey();
  if (!key) return 'locked';
  const opened = await unsealWith(key, value);
  if (!opened)
    console.warn(
      'Review Companion: stored credentials could not be decrypted with the lock key; they read as not set.',
    );
  return opened ?? EMPTY_STORED_CREDENTIALS;
}

/**
 * A stored value opened with the lock's key verified against `state` (the state about to be stored, while
 * the lock changes: the next key is in `session:` before it); undefined when it is sealed and no key is
 * at hand: the caller (the popup's view) then says it cannot tell. A key that does not open it: damaged,
 * it reads as not set (as openAtRest's).
 */
export async function openWithSessionKey(
  value: CredentialsAtRest,
  state: LockState | null,
): Promise<StoredCredentials | undefined> {
  if (!isSealed(value)) return value;
  const key = await currentKey(state);
  return key && ((await unsealWith(key, value)) ?? EMPTY_STORED_CREDENTIALS);
}

/** What to store: sealed while the lock is on; clear when it is off or nothing secret is in it (a forget). */
export async function closeForStorage(value: StoredCredentials): Promise<CredentialsAtRest> {
  if (!hasSecret(value) || !(await readLockState())) return value;
  const key = await currentKey();
  if (!key) throw new CredentialsLockedError('locked');
  return sealWith(key, value);
}
