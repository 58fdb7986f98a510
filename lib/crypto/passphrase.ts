// The passphrase rule shared by setup files (design.md §8) and the passphrase lock (§10).

/** Counted in Unicode code points of the NFC form, so "é" is one character however it was typed. */
export const MIN_PASSPHRASE_LENGTH = 12;

export type PassphraseProblem = 'too-short';

/** The problem with a passphrase chosen for encrypting, or undefined when it is acceptable. */
export function checkPassphrase(passphrase: string): PassphraseProblem | undefined {
  // Nothing is trimmed: spaces are characters the user typed and will type again.
  return [...passphrase.normalize('NFC')].length < MIN_PASSPHRASE_LENGTH ? 'too-short' : undefined;
}

/**
 * The bytes the key is derived from: UTF-8 of the NFC form. Without NFC, the same passphrase typed on
 * two systems (composed "é" or "e" + combining accent) would give two keys.
 */
export function passphraseBytes(passphrase: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(passphrase.normalize('NFC'));
}
