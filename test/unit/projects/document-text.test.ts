import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bodyBytes, MAX_SITEMAP_BYTES, readDocumentText } from '@/lib/projects/page-list/document-text';

const read = (bytes: Uint8Array, cut = false) => readDocumentText({ bytes, cut });

describe('a document’s text', () => {
  it('is decoded as UTF-8, and gunzipped first when its bytes start with gzip’s magic number', async () => {
    const text = '<urlset><url><loc>https://a.example/café</loc></url></urlset>';
    expect(await read(new TextEncoder().encode(text))).toEqual({ text, cut: false });
    expect(await read(new Uint8Array(gzipSync(text)))).toEqual({ text, cut: false });
  });

  it('counts the bound in decompressed bytes: a small file that inflates past it is refused', async () => {
    const bomb = new Uint8Array(gzipSync(Buffer.alloc(MAX_SITEMAP_BYTES + 1)));
    expect(bomb.length).toBeLessThan(100_000);
    expect(await read(bomb)).toBe('tooBig');
    expect(await readDocumentText(undefined)).toBe('tooBig');
  });

  it('keeps what a gzip stream cut short held, marked cut', async () => {
    const text = 'x'.repeat(200_000);
    const whole = new Uint8Array(gzipSync(text));
    const result = await read(whole.slice(0, whole.length - 20));
    if (result === 'tooBig') throw new Error('not too big');
    expect(result.cut).toBe(true);
    expect(result.text.length).toBeGreaterThan(0);
    expect(text.startsWith(result.text)).toBe(true);
  });
});

describe('the body the background hands over, one character a byte', () => {
  it('gives back every byte value as it came', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(bodyBytes(new TextDecoder('latin1').decode(all))).toEqual(all);
  });
});
