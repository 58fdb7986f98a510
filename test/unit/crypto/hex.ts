/** Hex of known-answer vectors, without Node's Buffer (the code under test must not need it either). */
export const fromHex = (hex: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array((hex.replace(/\s+/g, '').match(/../g) ?? []).map((pair) => parseInt(pair, 16)));

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);

/** A copy with one bit changed at `index`. */
export function flipped(bytes: Uint8Array, index: number): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(bytes);
  copy[index] = (copy[index] ?? 0) ^ 0x01;
  return copy;
}
