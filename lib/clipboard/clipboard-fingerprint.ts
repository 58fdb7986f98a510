import { z } from 'zod/mini';
import { sha256Hex } from '../hash/sha256';
import { secureRandomBytes, type RandomBytes } from '../crypto/random';
import { stringMatching } from '../schema-parts';

/**
 * What the clipboard is compared with after Copy token: a salted SHA-256 of the text copied, never the
 * text. The page that copied makes it; the background and the document that clears the clipboard get
 * only this, so the token never crosses a message. The salt is new at each copy: two copies of one
 * token do not look alike, and nothing links it to the activity log's fingerprints.
 */
export const clipboardFingerprintSchema = z.lazy(() =>
  z.object({
    salt: stringMatching(/^[0-9a-f]{32}$/),
    digest: stringMatching(/^[0-9a-f]{64}$/),
  }),
);
export type ClipboardFingerprint = z.infer<typeof clipboardFingerprintSchema>;

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

export async function fingerprintOf(
  text: string,
  random: RandomBytes = secureRandomBytes,
): Promise<ClipboardFingerprint> {
  const salt = hex(random(16));
  return { salt, digest: await sha256Hex(salt + text) };
}

/** Whether the text is the one fingerprinted (an empty clipboard never is). */
export async function isFingerprinted(text: string, fingerprint: ClipboardFingerprint): Promise<boolean> {
  return text !== '' && (await sha256Hex(fingerprint.salt + text)) === fingerprint.digest;
}
