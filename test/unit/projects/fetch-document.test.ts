// The background's one request of Fetch sitemap (lib/projects/page-list/fetch-document.ts).
import { describe, expect, it } from 'vitest';
import { bodyBytes } from '@/lib/projects/page-list/document-text';
import { fetchDocument } from '@/lib/projects/page-list/fetch-document';
import { fakeSite, gzipped } from '../helpers/fake-site';

const start = new URL('https://shop.example/');
const live = new AbortController().signal;

describe('one request of Fetch sitemap, in the background', () => {
  it('asks without cookies, never following a redirect, and hands the bytes over as they came', async () => {
    const bytes = gzipped('<urlset/>');
    const site = fakeSite({ 'https://www.shop.example/s.xml.gz': bytes });
    const answer = await fetchDocument('https://www.shop.example/s.xml.gz', start, site.fetch, live);
    if (!answer.ok) throw new Error(answer.problem);
    expect(bodyBytes(answer.body)).toEqual(bytes);
    expect(answer).toMatchObject({ url: 'https://www.shop.example/s.xml.gz', cut: false });
    expect(site.inits[0]).toMatchObject({ credentials: 'omit', redirect: 'manual' });
  });

  it('refuses an address off the site without requesting it', async () => {
    const site = fakeSite({});
    for (const address of [
      'https://evil.example/s.xml',
      'http://shop.example/s.xml',
      'http://127.0.0.1:9/',
      'nonsense',
    ])
      expect(await fetchDocument(address, start, site.fetch, live)).toEqual({ ok: false, problem: 'otherSite' });
    expect(site.requested).toEqual([]);
  });

  it('answers a redirect as such, an HTTP error with its status, a network failure as unreachable', async () => {
    const site = fakeSite({
      'https://shop.example/r': { redirect: 'https://evil.example/' },
      'https://shop.example/e': 503,
      'https://shop.example/n': { fail: 'network' },
    });
    const ask = (path: string) => fetchDocument(`https://shop.example/${path}`, start, site.fetch, live);
    expect(await ask('r')).toMatchObject({ ok: false, problem: 'redirect' });
    expect(await ask('e')).toMatchObject({ ok: false, problem: 'status', status: 503 });
    expect(await ask('n')).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(site.requested).not.toContain('https://evil.example/');
  });

  it('stops reading a body past 10 MB while it arrives', async () => {
    let pulled = 0;
    const endless = () =>
      Promise.resolve(
        new Response(
          new ReadableStream({
            pull(controller) {
              pulled += 1;
              controller.enqueue(new Uint8Array(1024 * 1024));
            },
          }),
        ),
      );
    expect(await fetchDocument('https://shop.example/big.xml', start, endless, live)).toMatchObject({
      ok: false,
      problem: 'tooBig',
    });
    expect(pulled).toBeLessThan(14);
  });

  it('gives up at once when its fetch is stopped (the page closed, Cancel)', async () => {
    const stopped = new AbortController();
    const hanging = (_input: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const answer = fetchDocument('https://shop.example/slow.xml', start, hanging, stopped.signal);
    stopped.abort();
    expect(await answer).toMatchObject({ ok: false, problem: 'unreachable' });
  });
});
