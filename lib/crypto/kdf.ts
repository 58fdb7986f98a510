import { failure, success, type Outcome } from './outcome';
import { passphraseBytes } from './passphrase';

/** OWASP's figure for PBKDF2-HMAC-SHA256 (2023): the default, and the least a file may ask for. */
export const PBKDF2_MIN_ITERATIONS = 600_000;
export const PBKDF2_DEFAULT_ITERATIONS = PBKDF2_MIN_ITERATIONS;
/** A hostile file could ask for billions of iterations and hang the page; this is ~15 s at worst. */
export const PBKDF2_MAX_ITERATIONS = 10_000_000;

/** 128-bit salts are written; up to 512 bits are read, for other tools' choices. */
export const SALT_BYTES = 16;
export const MIN_SALT_BYTES = 16;
export const MAX_SALT_BYTES = 64;

const AES_KEY_BITS = 256;

export type KdfProblem = 'iterations-out-of-range' | 'salt-length';

/** Whether parameters read from a file or from storage are ones this extension accepts. */
export function checkKdfParams(salt: Uint8Array, iterations: number): KdfProblem | undefined {
  if (!Number.isSafeInteger(iterations) || iterations < PBKDF2_MIN_ITERATIONS || iterations > PBKDF2_MAX_ITERATIONS) {
    return 'iterations-out-of-range';
  }
  if (salt.length < MIN_SALT_BYTES || salt.length > MAX_SALT_BYTES) return 'salt-length';
  return undefined;
}

async function passphraseKey(passphrase: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', passphraseBytes(passphrase), 'PBKDF2', false, ['deriveBits', 'deriveKey']);
}

const pbkdf2 = (salt: Uint8Array<ArrayBuffer>, iterations: number) => ({
  name: 'PBKDF2',
  hash: 'SHA-256',
  salt,
  iterations,
});

/**
 * Raw PBKDF2-HMAC-SHA256 output, without any limit on the parameters: for known-answer tests
 * (RFC 7914 §11 uses c = 1). Throws on parameters WebCrypto refuses (0 iterations). Use deriveKey.
 */
export async function pbkdf2Bits(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
  bits: number,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await crypto.subtle.deriveBits(pbkdf2(salt, iterations), await passphraseKey(passphrase), bits),
  );
}

/** The AES-256-GCM key for a passphrase; non-extractable, so no script can read it back. */
export async function deriveKey(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number = PBKDF2_DEFAULT_ITERATIONS,
): Promise<Outcome<CryptoKey, KdfProblem>> {
  const problem = checkKdfParams(salt, iterations);
  if (problem) return failure(problem);
  const key = await crypto.subtle.deriveKey(
    pbkdf2(salt, iterations),
    await passphraseKey(passphrase),
    { name: 'AES-GCM', length: AES_KEY_BITS },
    false,
    ['encrypt', 'decrypt'],
  );
  return success(key);
}

/**
 * The same key as raw bytes. For the passphrase lock (design.md §10): a CryptoKey cannot be kept in
 * storage.session (JSON only), and the MV3 worker restarts after 30 s idle, so the lock keeps these
 * bytes there and turns them back into a key with importAesKey.
 */
export async function deriveRawKey(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number = PBKDF2_DEFAULT_ITERATIONS,
): Promise<Outcome<Uint8Array<ArrayBuffer>, KdfProblem>> {
  const problem = checkKdfParams(salt, iterations);
  if (problem) return failure(problem);
  return success(await pbkdf2Bits(passphrase, salt, iterations, AES_KEY_BITS));
}

/** A non-extractable AES-256-GCM key from 32 raw bytes. */
export async function importAesKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM', length: AES_KEY_BITS }, false, ['encrypt', 'decrypt']);
}
