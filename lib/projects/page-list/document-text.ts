import { readBoundedBytes, type BoundedBytes } from '../../api/bounded-body';

/** A sitemap bigger than this is refused, counted decompressed (the protocol allows 50 MB; review projects never need that many pages). */
export const MAX_SITEMAP_BYTES = 10 * 1024 * 1024;

/** A document read: its text, and whether it stopped before its end (a connection or a gzip stream cut). */
export interface DocumentText {
  text: string;
  cut: boolean;
}

/** What `TextDecoder('latin1')` (windows-1252, as the WHATWG Encoding standard defines it) makes of 0x80–0x9F: its only characters that are not their byte. */
let windows1252High: Map<string, number> | undefined;

/** The bytes of a body the background handed over as one character a byte (../fetch-document.ts). */
export function bodyBytes(body: string): Uint8Array {
  windows1252High ??= new Map(
    Array.from(new TextDecoder('latin1').decode(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i)), (ch, i) => [
      ch,
      0x80 + i,
    ]),
  );
  const table = windows1252High;
  const bytes = new Uint8Array(body.length);
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    bytes[i] = table.get(ch) ?? ch.charCodeAt(0);
  }
  return bytes;
}

/**
 * The text of a sitemap, a feed, robots.txt or a chosen file: gunzipped when its bytes start with
 * gzip's magic number (1f 8b), whatever its name or headers say (big sites serve `.xml.gz` as
 * `application/octet-stream`), then decoded as UTF-8. At most `limit` bytes decompressed: 'tooBig'
 * past that. A gzip stream cut short gives what it held until then, marked `cut`.
 */
export async function readDocumentText(
  read: BoundedBytes | undefined,
  limit = MAX_SITEMAP_BYTES,
): Promise<DocumentText | 'tooBig'> {
  if (!read) return 'tooBig';
  let { bytes, cut } = read;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const inflated = await readBoundedBytes(
      new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip')),
      limit,
    );
    if (!inflated) return 'tooBig';
    bytes = inflated.bytes;
    cut ||= inflated.cut;
  }
  return { text: new TextDecoder().decode(bytes), cut };
}
