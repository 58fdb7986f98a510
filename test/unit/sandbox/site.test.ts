// The sandbox's sample site (test/sandbox/site.ts), and Fetch sitemap's reading of it over real HTTP:
// the background's fetch (fetch-document.ts) with a fetch that answers redirects as a browser does, the
// page's reading (read-site.ts) with linkedom's DOMParser.
import { DOMParser } from 'linkedom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchDocument } from '@/lib/projects/page-list/fetch-document';
import { readDocument } from '@/lib/projects/page-list/follow-redirects';
import { readSite } from '@/lib/projects/page-list/read-site';
import { readSiteAddress } from '@/lib/projects/page-list/site-address';
import { startSandbox, type Sandbox } from '../../sandbox/server.ts';
import { sitePages } from '../../sandbox/site.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'text/xml') as unknown as Document;

/** Fetch sitemap against the sandbox: redirects answered opaque, their Location known as webRequest knows it. */
async function fetchSitemap(address: string) {
  const locations = new Map<string, string>();
  const browserLike = async (input: string, init: RequestInit) => {
    const response = await fetch(input, init);
    if (response.status < 300 || response.status > 399) return response;
    locations.set(input, response.headers.get('location') ?? '');
    return { type: 'opaqueredirect', status: 0, ok: false, body: null } as unknown as Response;
  };
  const start = readSiteAddress(address)!;
  const signal = new AbortController().signal;
  const ask = (url: string) => fetchDocument(url, start.url, browserLike, signal);
  const read = (url: string) => readDocument(url, start.url, ask, (url) => Promise.resolve(locations.get(url)));
  return readSite(start, { read, parseXml, signal });
}

describe('the sample site', () => {
  it('serves its gzip sitemaps as files (application/octet-stream, no Content-Encoding) and a sitemap cut off', async () => {
    const gz = await fetch(`${sandbox.origin}/site/sitemap-2.xml.gz`);
    expect(gz.headers.get('content-type')).toBe('application/octet-stream');
    expect(gz.headers.get('content-encoding')).toBeNull();
    expect(new Uint8Array(await gz.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x1f, 0x8b]));
    const cut = await (await fetch(`${sandbox.origin}/site/cut.xml`)).text();
    expect(cut).toContain('<urlset');
    expect(cut).not.toContain('</urlset>');
    expect((await fetch(`${sandbox.origin}/robots.txt`)).status).toBe(200);
    expect(sandbox.siteRequests.map((request) => request.path)).toEqual([
      '/site/sitemap-2.xml.gz',
      '/site/cut.xml',
      '/robots.txt',
    ]);
    sandbox.reset();
    expect(sandbox.siteRequests).toEqual([]);
  });

  it('a site address on the sandbox finds every page through robots.txt, and requests nothing off the site', async () => {
    sandbox.setSitePageName('run-1');
    const result = await fetchSitemap(sandbox.origin);
    if (!result.ok) throw new Error(result.problem);
    expect(result.value.pages).toEqual(sitePages({ origin: sandbox.origin, pageName: 'run-1' }));
    expect(result.value.found).toEqual({ via: 'robots', address: `${sandbox.origin}/robots.txt` });
    expect(result.value.endedEarly).toEqual([
      { address: `${sandbox.origin}/site/cut.xml`, complete: 4, entries: 'pages' },
    ]);
    // Named in robots.txt or the index, on another port or another host name: said, never requested.
    expect(result.value.skipped.count).toBe(4);
    expect(new Set(sandbox.siteRequests.map((request) => request.host))).toEqual(
      new Set([new URL(sandbox.origin).host]),
    );
    expect(sandbox.siteRequests.map((request) => request.path)).toContain('/site/moved-here.xml');
  });

  it('answers slow.xml late, and tells when the client went away first', async () => {
    const stop = new AbortController();
    const pending = fetch(`${sandbox.origin}/site/slow.xml?ms=300`, { signal: stop.signal }).catch(() => 'aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort();
    expect(await pending).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sandbox.siteRequests).toMatchObject([{ path: '/site/slow.xml?ms=300', clientGone: true }]);
  });
});
