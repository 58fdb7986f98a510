import { describe, expect, it, vi } from 'vitest';
import { readDocument } from '@/lib/projects/page-list/follow-redirects';
import { gzipped } from '../helpers/fake-site';

const start = new URL('https://shop.example/');
const body = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

describe('one document, redirects followed by hand in the page', () => {
  it('does not follow a redirect whose Location cannot be read (no webRequest)', async () => {
    const ask = vi.fn(() => Promise.resolve({ ok: false as const, problem: 'redirect' as const }));
    expect(await readDocument('https://shop.example/s.xml', start, ask, () => Promise.resolve(undefined))).toEqual({
      ok: false,
      problem: 'redirectUnknown',
    });
    expect(ask).toHaveBeenCalledOnce();
  });

  it('does not ask for an address off the site, first or after a redirect', async () => {
    const ask = vi.fn(() => Promise.resolve({ ok: false as const, problem: 'redirect' as const }));
    expect(await readDocument('https://other.example/s.xml', start, ask, vi.fn())).toEqual({
      ok: false,
      problem: 'otherSite',
    });
    expect(ask).not.toHaveBeenCalled();
    const to127 = () => Promise.resolve('http://127.0.0.1:9/');
    expect(await readDocument('https://shop.example/s.xml', start, ask, to127)).toEqual({
      ok: false,
      problem: 'redirectOff',
    });
    expect(ask.mock.calls).toEqual([['https://shop.example/s.xml']]);
  });

  it('decompresses and decodes what the background hands over, and keeps its final address', async () => {
    const ask = () =>
      Promise.resolve({
        ok: true as const,
        url: 'https://www.shop.example/s.xml.gz',
        body: body(gzipped('<urlset/>')),
        cut: false,
      });
    expect(await readDocument('https://www.shop.example/s.xml.gz', start, ask, vi.fn())).toEqual({
      ok: true,
      url: 'https://www.shop.example/s.xml.gz',
      text: '<urlset/>',
      cut: false,
    });
  });
});
