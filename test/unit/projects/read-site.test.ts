// Fetch sitemap end to end in Node: the page's reading (lib/projects/page-list/read-site.ts, redirects
// followed by hand) through the background's fetch (fetch-document.ts) against a fake site that answers
// as a browser's fetch does. One describe per "Why" of issue 38.
import { DOMParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { MAX_REDIRECTS, MAX_SITEMAP_TRIES } from '@/lib/projects/page-list/fetch-document';
import { readSite, SKIPPED_SHOWN, type ReadSiteResult } from '@/lib/projects/page-list/read-site';
import { readSiteAddress } from '@/lib/projects/page-list/site-address';
import { MAX_REGISTER_PAGES } from '@/lib/storage/register-job/register-job-schema';
import { fakeSite, gzipped, indexOf, urlsetOf, type Route } from '../helpers/fake-site';

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'text/xml') as unknown as Document;

async function read(address: string, routes: Record<string, Route>, signal = new AbortController().signal) {
  const site = fakeSite(routes);
  const start = readSiteAddress(address);
  if (!start) throw new Error(`not an address: ${address}`);
  const result = await readSite(start, { read: site.reader(start.url), parseXml, signal });
  return { result, requested: site.requested, site };
}

function value(result: ReadSiteResult) {
  if (!result.ok) throw new Error(`expected pages, got ${result.problem}`);
  return result.value;
}

const pagesOf = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `https://shop.example/${prefix}-${i + 1}`);

describe('compressed sitemaps served as files', () => {
  it('a sitemap index whose 3 children are .xml.gz served as application/octet-stream registers their pages', async () => {
    const children = [1, 2, 3].map((n) => `https://shop.example/sitemap-${n}.xml.gz`);
    const routes: Record<string, Route> = { 'https://shop.example/sitemap_index.xml': indexOf(children) };
    children.forEach((child, i) => (routes[child] = gzipped(urlsetOf(pagesOf(`part${i + 1}`, 4)))));
    const { result } = await read('https://shop.example/sitemap_index.xml', routes);
    expect(value(result).pages).toEqual([...pagesOf('part1', 4), ...pagesOf('part2', 4), ...pagesOf('part3', 4)]);
    expect(value(result).read).toEqual(children);
    expect(value(result).skipped.count).toBe(0);
  });

  it('gunzips by the magic bytes, whatever the name says', async () => {
    const { result } = await read('https://shop.example/sitemap.xml', {
      'https://shop.example/sitemap.xml': gzipped(urlsetOf(pagesOf('p', 2))),
    });
    expect(value(result).pages).toEqual(pagesOf('p', 2));
  });
});

describe('the bound on the sitemaps an index makes the fetch read', () => {
  it(`an index of 50,001 children makes at most ${MAX_SITEMAP_TRIES} child requests`, async () => {
    const children = Array.from({ length: 50_001 }, (_, i) => `https://shop.example/s/${i}.xml`);
    const { result, requested } = await read('https://shop.example/index.xml', {
      'https://shop.example/index.xml': indexOf(children),
    });
    // None of them answers (404): each try counts all the same.
    expect(requested).toHaveLength(1 + MAX_SITEMAP_TRIES);
    const { skipped, pages } = value(result);
    expect(pages).toEqual([]);
    // The sitemaps protocol's 50,000 entries of an index: 20 tried (404), the rest past the bound.
    expect(skipped.count).toBe(50_000);
    expect(skipped.first).toHaveLength(SKIPPED_SHOWN);
    expect(skipped.first[0]).toEqual({ address: children[0], problem: 'status', status: 404 });
  });

  it('counts every child tried, whatever its outcome, and says an index inside an index', async () => {
    const child = (n: number) => `https://shop.example/c${n}.xml`;
    const routes: Record<string, Route> = {
      'https://shop.example/index.xml': indexOf(Array.from({ length: 30 }, (_, i) => child(i))),
      [child(0)]: indexOf([child(29)]),
      [child(1)]: '<html><body>Not found</body></html>',
      [child(2)]: { fail: 'network' },
      [child(3)]: 500,
      [child(4)]: urlsetOf(['https://shop.example/ok']),
    };
    const { result, requested } = await read('https://shop.example/index.xml', routes);
    expect(requested).toHaveLength(1 + MAX_SITEMAP_TRIES);
    expect(requested).not.toContain(child(29));
    expect(value(result).pages).toEqual(['https://shop.example/ok']);
    expect(value(result).skipped.first).toEqual([
      { address: child(0), problem: 'nestedIndex' },
      { address: child(1), problem: 'notSitemap' },
      { address: child(2), problem: 'unreachable' },
    ]);
    expect(value(result).skipped.count).toBe(30 - 1);
  });
});

describe('a sitemap cut off by its server', () => {
  it('a sitemap cut mid-entry yields exactly its complete entries, and says it ends early', async () => {
    const whole = urlsetOf(pagesOf('p', 50));
    const cut = whole.slice(0, whole.indexOf('p-50') + 2);
    const { result } = await read('https://shop.example/sitemap.xml', { 'https://shop.example/sitemap.xml': cut });
    expect(value(result).pages).toEqual(pagesOf('p', 49));
    expect(value(result).endedEarly).toEqual([
      { address: 'https://shop.example/sitemap.xml', complete: 49, entries: 'pages' },
    ]);
  });

  it('a compressed sitemap cut short keeps the complete entries it holds', async () => {
    const bytes = gzipped(urlsetOf(pagesOf('p', 400)));
    const { result } = await read('https://shop.example/s.xml.gz', {
      'https://shop.example/s.xml.gz': bytes.slice(0, Math.floor(bytes.length * 0.6)),
    });
    const { pages, endedEarly } = value(result);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.length).toBeLessThan(400);
    expect(pages).toEqual(pagesOf('p', pages.length));
    expect(endedEarly[0]?.complete).toBe(pages.length);
  });
});

describe('a site, not a sitemap', () => {
  it('a site address finds its sitemap through robots.txt (any spacing or case), on the same site only', async () => {
    const routes: Record<string, Route> = {
      'https://shop.example/robots.txt': [
        'User-agent: *',
        'Disallow: /cart',
        'SITEMAP :https://www.shop.example/products.xml',
        '  sitemap: https://cdn.other.example/sitemap.xml',
        'Sitemap: http://shop.example/plain.xml',
      ].join('\n'),
      'https://www.shop.example/products.xml': urlsetOf(pagesOf('product', 3)),
    };
    const { result, requested } = await read('shop.example', routes);
    expect(value(result).pages).toEqual(pagesOf('product', 3));
    expect(value(result).found).toEqual({ via: 'robots', address: 'https://shop.example/robots.txt' });
    expect(requested).toEqual(['https://shop.example/robots.txt', 'https://www.shop.example/products.xml']);
    expect(value(result).skipped.first.map((skipped) => skipped.problem)).toEqual(['otherSite', 'otherSite']);
  });

  it('without a sitemap in robots.txt, reads /sitemap.xml, then /sitemap_index.xml', async () => {
    const index = 'https://shop.example/sitemap_index.xml';
    const { result, requested } = await read('https://shop.example/', {
      [index]: indexOf(['https://shop.example/a.xml']),
      'https://shop.example/a.xml': urlsetOf(pagesOf('a', 2)),
    });
    expect(requested).toEqual([
      'https://shop.example/robots.txt',
      'https://shop.example/sitemap.xml',
      index,
      'https://shop.example/a.xml',
    ]);
    expect(value(result).found).toEqual({ via: 'usual', address: index });
    expect(value(result).pages).toEqual(pagesOf('a', 2));
  });

  it('finds nothing on a site without one, and says what it tried', async () => {
    const { result } = await read('https://shop.example', {});
    expect(value(result).pages).toEqual([]);
    expect(value(result).found).toBeUndefined();
    expect(value(result).skipped.first.map((skipped) => skipped.address)).toEqual([
      'https://shop.example/sitemap.xml',
      'https://shop.example/sitemap_index.xml',
    ]);
  });
});

describe('feeds and text sitemaps by address', () => {
  it('an RSS and an Atom feed each yield their item links', async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><link>https://shop.example/</link><item><link>https://shop.example/news/1</link></item><item><link>https://shop.example/news/2</link></item></channel></rss>`;
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><link rel="alternate" href="https://shop.example/post/1"/></entry><entry><link href="https://shop.example/post/2"/></entry></feed>`;
    const feeds = await read('https://shop.example/feed.rss', { 'https://shop.example/feed.rss': rss });
    expect(value(feeds.result).pages).toEqual(['https://shop.example/news/1', 'https://shop.example/news/2']);
    const atoms = await read('https://shop.example/atom.xml', { 'https://shop.example/atom.xml': atom });
    expect(value(atoms.result).pages).toEqual(['https://shop.example/post/1', 'https://shop.example/post/2']);
  });

  it('a text sitemap gives its addresses', async () => {
    const { result } = await read('https://shop.example/sitemap.txt', {
      'https://shop.example/sitemap.txt': `${pagesOf('t', 3).join('\n')}\n`,
    });
    expect(value(result).pages).toEqual(pagesOf('t', 3));
  });
});

describe('redirects, each checked before it is requested', () => {
  it('a redirect to http://127.0.0.1:9/ or another site is not requested', async () => {
    const local = await read('http://127.0.0.1:8787/sitemaps/index.xml', {
      'http://127.0.0.1:8787/sitemaps/index.xml': indexOf([
        'http://127.0.0.1:8787/a.xml',
        'http://127.0.0.1:8787/b.xml',
      ]),
      'http://127.0.0.1:8787/a.xml': { redirect: 'http://127.0.0.1:9/sitemap.xml' },
      'http://127.0.0.1:8787/b.xml': { redirect: 'http://localhost:8787/sitemap.xml' },
    });
    expect(local.requested).toEqual([
      'http://127.0.0.1:8787/sitemaps/index.xml',
      'http://127.0.0.1:8787/a.xml',
      'http://127.0.0.1:8787/b.xml',
    ]);
    expect(value(local.result).skipped.first.map((skipped) => skipped.problem)).toEqual(['redirectOff', 'redirectOff']);
    const away = await read('https://shop.example/sitemap.xml', {
      'https://shop.example/sitemap.xml': { redirect: 'https://evil.example/sitemap.xml' },
    });
    expect(away.requested).toEqual(['https://shop.example/sitemap.xml']);
    expect(away.result).toEqual({ ok: false, problem: 'redirectOff' });
    const plain = await read('https://shop.example/sitemap.xml', {
      'https://shop.example/sitemap.xml': { redirect: 'http://shop.example/sitemap.xml' },
    });
    expect(plain.requested).toEqual(['https://shop.example/sitemap.xml']);
  });

  it(`follows a redirect on the site (its www. twin, a relative Location), at most ${MAX_REDIRECTS} of them`, async () => {
    const { result, requested } = await read('https://shop.example/sitemap.xml', {
      'https://shop.example/sitemap.xml': { redirect: 'https://www.shop.example/sitemap.xml' },
      'https://www.shop.example/sitemap.xml': { redirect: '/sitemaps/main.xml' },
      'https://www.shop.example/sitemaps/main.xml': urlsetOf(pagesOf('p', 1)),
    });
    expect(requested).toHaveLength(3);
    expect(value(result).read).toEqual(['https://www.shop.example/sitemaps/main.xml']);
    const loop = await read('https://shop.example/loop', { 'https://shop.example/loop': { redirect: '/loop' } });
    expect(loop.requested).toHaveLength(1 + MAX_REDIRECTS);
    expect(loop.result).toEqual({ ok: false, problem: 'tooManyRedirects' });
  });
});

describe('what a hostile index can put into the page', () => {
  it(`at most ${MAX_REGISTER_PAGES} addresses with how many more were left out, and ${SKIPPED_SHOWN} notes with a count`, async () => {
    const children = Array.from({ length: 30 }, (_, i) => `https://shop.example/big-${i}.xml`);
    const routes: Record<string, Route> = {
      'https://shop.example/index.xml': indexOf([...children, 'https://other.example/x.xml']),
    };
    children.forEach((child, i) => (routes[child] = urlsetOf(pagesOf(`big${i}`, 1_000))));
    const { result } = await read('https://shop.example/index.xml', routes);
    const { pages, leftOut, skipped } = value(result);
    expect(pages).toHaveLength(MAX_REGISTER_PAGES);
    expect(leftOut).toBe(MAX_SITEMAP_TRIES * 1_000 - MAX_REGISTER_PAGES);
    expect(skipped.first).toHaveLength(SKIPPED_SHOWN);
    expect(skipped.count).toBe(30 - MAX_SITEMAP_TRIES + 1);
  });

  it('stops asking once the fetch is stopped (Cancel, or its time bound)', async () => {
    const stop = new AbortController();
    const children = Array.from({ length: 5 }, (_, i) => `https://shop.example/c${i}.xml`);
    const site = fakeSite({ 'https://shop.example/index.xml': indexOf(children) });
    const start = readSiteAddress('https://shop.example/index.xml')!;
    const reader = site.reader(start.url);
    const result = await readSite(start, {
      read: async (address) => {
        const document = await reader(address);
        if (address === children[1]) stop.abort();
        return document;
      },
      parseXml,
      signal: stop.signal,
    });
    expect(site.requested).toEqual(['https://shop.example/index.xml', children[0], children[1]]);
    expect(value(result).stopped).toBe(true);
  });
});
