/**
 * JSON with its object keys sorted and `undefined` members left out, so that the same value always
 * gives the same text (and the same hash), whatever order its keys were written in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).filter(([, member]) => member !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, member]) => [key, sorted(member)]));
}

/**
 * SHA-256 of the text's UTF-8 bytes, as 64 lower-case hex digits, through WebCrypto (the service
 * worker, Firefox's background and every page have it). A hand-written one used to be here, kept
 * synchronous for the activity log's chain; the log's writer awaits each hash in its serial queue
 * anyway, and verification asks for all of a log's hashes at once (activity-source.ts), so the
 * platform's does the same work without ~1.2 KB of gzip in the background (docs/performance.md).
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * What the activity log and the UI may say about a token: the first 8 hex digits of its SHA-256. It
 * tells two tokens apart (and matches a token someone holds) without revealing it. '' for no token.
 */
export async function tokenFingerprint(token: string): Promise<string> {
  return token === '' ? '' : (await sha256Hex(token)).slice(0, 8);
}
