import { z } from 'zod/mini';
import { base64ToBytes, bytesToBase64 } from './base64';
import { failure, success, type Outcome } from './outcome';
import { secureRandomBytes, type RandomBytes } from './random';

/** 96-bit IVs are GCM's native size (no extra hashing); a fresh random one for every encryption. */
export const IV_BYTES = 12;
export const TAG_BITS = 128;
const TAG_BYTES = TAG_BITS / 8;

/** Ciphertext as stored or written: base64 IV, base64 ciphertext with the 16-byte tag appended. */
export const cipherEnvelopeSchema = z.lazy(() => z.object({ iv: z.string(), data: z.string() }));
export type CipherEnvelope = z.infer<typeof cipherEnvelopeSchema>;

/**
 * WebCrypto answers a wrong key and a changed byte with the same OperationError: no one can tell them
 * apart, so neither does this code. 'damaged' is for what is wrong before decrypting (bad base64,
 * wrong lengths) or after (not UTF-8).
 */
export type DecryptProblem = 'wrong-passphrase-or-damaged' | 'damaged';

const gcm = (iv: Uint8Array<ArrayBuffer>, aad: Uint8Array<ArrayBuffer> | undefined): AesGcmParams => ({
  name: 'AES-GCM',
  iv,
  tagLength: TAG_BITS,
  ...(aad && { additionalData: aad }),
});

/** Ciphertext followed by the tag, with a given IV: the known-answer tests need to choose it. */
export async function encryptBytes(
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  plaintext: Uint8Array<ArrayBuffer>,
  aad?: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.encrypt(gcm(iv, aad), key, plaintext));
}

export async function decryptBytes(
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
  aad?: Uint8Array<ArrayBuffer>,
): Promise<Outcome<Uint8Array<ArrayBuffer>, DecryptProblem>> {
  if (iv.length !== IV_BYTES || data.length < TAG_BYTES) return failure('damaged');
  try {
    return success(new Uint8Array(await crypto.subtle.decrypt(gcm(iv, aad), key, data)));
  } catch {
    return failure('wrong-passphrase-or-damaged');
  }
}

/** Encrypts text (UTF-8) under a fresh random IV; `aad` is authenticated but not encrypted. */
export async function encryptText(
  key: CryptoKey,
  plaintext: string,
  options: { aad?: Uint8Array<ArrayBuffer>; randomBytes?: RandomBytes } = {},
): Promise<CipherEnvelope> {
  const iv = (options.randomBytes ?? secureRandomBytes)(IV_BYTES);
  const data = await encryptBytes(key, iv, new TextEncoder().encode(plaintext), options.aad);
  return { iv: bytesToBase64(iv), data: bytesToBase64(data) };
}

/** The text, or why not; never throws for bad input. `aad` must be the bytes given to encryptText. */
export async function decryptText(
  key: CryptoKey,
  envelope: CipherEnvelope,
  aad?: Uint8Array<ArrayBuffer>,
): Promise<Outcome<string, DecryptProblem>> {
  const iv = base64ToBytes(envelope.iv);
  const data = base64ToBytes(envelope.data);
  if (!iv || !data) return failure('damaged');
  const plain = await decryptBytes(key, iv, data, aad);
  if (!plain.ok) return plain;
  try {
    return success(new TextDecoder('utf-8', { fatal: true }).decode(plain.value));
  } catch {
    return failure('damaged');
  }
}
