// Standard base64 (RFC 4648 §4, with padding) without Node's Buffer: btoa/atob exist in extension pages,
// the MV3 service worker, Firefox and Node. Python's base64.b64encode writes the same text.

/** 0x8000 bytes per String.fromCharCode call keeps the argument list far below engine limits. */
const CHUNK = 0x8000;

const SHAPE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return btoa(binary);
}

/**
 * The bytes, or undefined for anything but canonical base64: atob alone accepts white space, missing
 * padding and stray low bits, so one byte string would have many spellings.
 */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!SHAPE.test(text)) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytesToBase64(bytes) === text ? bytes : undefined;
}
