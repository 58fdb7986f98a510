import { DOMParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { fetchSitemap, MAX_SITEMAP_CHILDREN } from '@/lib/projects/page-list/fetch-sitemap';
import { pageFileKind, parsePageCsv, parsePageText } from '@/lib/projects/page-list/page-lines';
import { pageNameFromUrl } from '@/lib/projects/page-list/page-name';
import { planPages, skippedCount } from '@/lib/projects/page-list/plan-pages';
import { MAX_SITEMAP_BYTES, parseSitemap } from '@/lib/projects/page-list/sitemap';
import { MAX_PAGE_URL_LENGTH, MAX_REGISTER_PAGES } from '@/lib/storage/register-job/register-job-schema';

/** The page's DOMParser, in Node: linkedom's (what the options page does with the browser's). */
const parseXml = (text: string) => new DOMParser().parseFromString(text, 'text/xml') as unknown as Document;

const urlset = (urls: string[], prefix = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><${prefix}urlset xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map(
      (url) =>
        `<${prefix}url><${prefix}loc>${url}</${prefix}loc><${prefix}lastmod>2026-11-01</${prefix}lastmod></${prefix}url>`,
    )
    .join('')}</${prefix}urlset>`;
const sitemapIndex = (sitemaps: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sitemaps
    .map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`)
    .join('')}</sitemapindex>`;

describe('names from addresses', () => {
  it('makes the last part of the path readable, or names the site for its home page', () => {
    expect(pageNameFromUrl('https://example.com/blog/my-first_post.html')).toBe('My first post');
    expect(pageNameFromUrl('https://example.com/')).toBe('example.com');
    expect(pageNameFromUrl('https://example.com:8443')).toBe('example.com:8443');
    expect(pageNameFromUrl('https://example.com/docs/index.html')).toBe('Docs');
    expect(pageNameFromUrl('https://example.com/caf%C3%A9-cr%C3%A8me/')).toBe('Café crème');
    expect(pageNameFromUrl('https://example.com/a?x=1#top')).toBe('A');
    expect(pageNameFromUrl('https://example.com/%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('pasted addresses', () => {
  it('reads one address a line, a name after a tab or a comma, and skips blank and # lines', () => {
    expect(
      parsePageText(
        'https://a.example/one\n\n# a comment\r\nhttps://a.example/two\tPage two\nhttps://a.example/three, Three, with a comma\nhttps://a.example/x,y\tTabbed\n',
      ),
    ).toEqual([
      { line: 1, url: 'https://a.example/one' },
      { line: 4, url: 'https://a.example/two', name: 'Page two' },
      { line: 5, url: 'https://a.example/three', name: 'Three, with a comma' },
      { line: 6, url: 'https://a.example/x,y', name: 'Tabbed' },
    ]);
  });
});

describe('CSV files', () => {
  it('reads url,name with or without a header, quoted cells and empty names', () => {
    expect(parsePageCsv('url,name\nhttps://a.example/,"Home, sweet"\nhttps://a.example/b,\n\n')).toEqual([
      { line: 2, url: 'https://a.example/', name: 'Home, sweet' },
      { line: 3, url: 'https://a.example/b' },
    ]);
    expect(parsePageCsv('https://a.example/c,C')).toEqual([{ line: 1, url: 'https://a.example/c', name: 'C' }]);
  });

  it('tells the kinds of file apart', () => {
    expect(pageFileKind('sitemap.xml', '')).toBe('sitemap');
    expect(pageFileKind('pages', '<?xml version="1.0"?><urlset/>')).toBe('sitemap');
    expect(pageFileKind('pages.csv', 'https://a/')).toBe('csv');
    expect(pageFileKind('export', 'url,name\n')).toBe('csv');
    expect(pageFileKind('pages.txt', 'https://a/\n')).toBe('text');
  });
});

describe('sitemaps', () => {
  it('reads a urlset and a sitemap index, with or without a namespace prefix', () => {
    expect(parseSitemap(urlset(['https://a.example/', 'https://a.example/b']), parseXml)).toEqual({
      kind: 'urlset',
      urls: ['https://a.example/', 'https://a.example/b'],
    });
    expect(parseSitemap(urlset(['https://a.example/p'], 'sm:'), parseXml)).toEqual({
      kind: 'urlset',
      urls: ['https://a.example/p'],
    });
    expect(parseSitemap(sitemapIndex(['https://a.example/s1.xml', 'https://a.example/s2.xml']), parseXml)).toEqual({
      kind: 'index',
      sitemaps: ['https://a.example/s1.xml', 'https://a.example/s2.xml'],
    });
  });

  it('refuses what is not a sitemap, and anything past the size bound before parsing', () => {
    expect(parseSitemap('<html><body/></html>', parseXml)).toEqual({ kind: 'invalid', reason: 'notSitemap' });
    expect(
      parseSitemap('x'.repeat(MAX_SITEMAP_BYTES + 1), () => {
        throw new Error('must not parse');
      }),
    ).toEqual({ kind: 'invalid', reason: 'tooBig' });
    expect(
      parseSitemap('<urlset>', () => {
        throw new Error('bad');
      }),
    ).toEqual({ kind: 'invalid', reason: 'notXml' });
  });
});

describe('fetching a sitemap by its address', () => {
  const site = (pages: Record<string, string | number>) => (input: string) => {
    const body = pages[input];
    if (body === undefined) return Promise.resolve(new Response('missing', { status: 404 }));
    if (typeof body === 'number') return Promise.resolve(new Response('', { status: body }));
    return Promise.resolve(new Response(body, { status: 200 }));
  };

  it('follows an index to its children on the same site only, and reports the others', async () => {
    const fetched = await fetchSitemap(
      'https://a.example/index.xml',
      site({
        'https://a.example/index.xml': sitemapIndex([
          '/s1.xml',
          'https://a.example/s2.xml',
          'https://b.example/s3.xml',
          'https://a.example/s4.xml',
        ]),
        'https://a.example/s1.xml': urlset(['https://a.example/1']),
        'https://a.example/s2.xml': urlset(['https://a.example/2', 'https://a.example/3']),
        'https://a.example/s4.xml': 500,
      }),
      parseXml,
    );
    expect(fetched).toEqual({
      ok: true,
      value: {
        urls: ['https://a.example/1', 'https://a.example/2', 'https://a.example/3'],
        read: ['https://a.example/s1.xml', 'https://a.example/s2.xml'],
        skipped: [
          { address: 'https://b.example/s3.xml', problem: 'otherOrigin' },
          { address: 'https://a.example/s4.xml', problem: 'status', status: 500 },
        ],
      },
    });
  });

  it(`reads at most ${MAX_SITEMAP_CHILDREN} children and no index inside an index`, async () => {
    const children = Array.from({ length: MAX_SITEMAP_CHILDREN + 2 }, (_, i) => `https://a.example/s${i}.xml`);
    const pages: Record<string, string> = { 'https://a.example/i.xml': sitemapIndex(children) };
    for (const child of children) pages[child] = urlset([`${child}/page`]);
    pages['https://a.example/s0.xml'] = sitemapIndex(['https://a.example/deeper.xml']);
    const fetched = await fetchSitemap('https://a.example/i.xml', site(pages), parseXml);
    if (!fetched.ok) throw new Error('expected a sitemap');
    expect(fetched.value.read).toHaveLength(MAX_SITEMAP_CHILDREN);
    expect(fetched.value.skipped.map((skip) => skip.problem)).toEqual(['nestedIndex', 'tooMany']);
  });

  it('refuses a body past the size bound while it arrives, a bad address and an HTTP error', async () => {
    const huge = () =>
      Promise.resolve(
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new Uint8Array(1024 * 1024));
            },
          }),
        ),
      );
    expect(await fetchSitemap('https://a.example/big.xml', huge, parseXml)).toEqual({ ok: false, problem: 'tooBig' });
    expect(await fetchSitemap('ftp://a.example/s.xml', huge, parseXml)).toEqual({ ok: false, problem: 'notAddress' });
    expect(await fetchSitemap('https://a.example/x.xml', site({}), parseXml)).toEqual({
      ok: false,
      problem: 'status',
      status: 404,
    });
    expect(
      await fetchSitemap('https://a.example/x.xml', () => Promise.reject(new TypeError('offline')), parseXml),
    ).toEqual({ ok: false, problem: 'unreachable' });
  });
});

describe('the plan shown before registering', () => {
  const listed = (urls: string[]) => urls.map((url, i) => ({ line: i + 1, url }));

  it('removes duplicates, marks pages already in the history (skipped unless included), lists invalid lines', () => {
    const pages = [
      ...listed(['https://a.example/1', 'HTTPS://A.example:443/1#top', 'https://a.example/2', 'not an address']),
      { line: 5, url: 'https://a.example/3', name: 'Third' },
      { line: 6, url: `https://a.example/${'x'.repeat(MAX_PAGE_URL_LENGTH)}` },
      { line: 7, url: 'ftp://a.example/file' },
    ];
    const plan = planPages(pages, ['https://a.example/2']);
    expect(plan.toRegister).toEqual([
      { line: 1, url: 'https://a.example/1', name: '1' },
      { line: 5, url: 'https://a.example/3', name: 'Third' },
    ]);
    expect(plan.duplicates.map((page) => page.line)).toEqual([2]);
    expect(plan.registered.map((page) => page.line)).toEqual([3]);
    expect(plan.invalid.map((page) => page.line)).toEqual([4, 6, 7]);
    expect(plan.invalid.every((page) => page.reason.length > 0)).toBe(true);
    expect(skippedCount(plan, false)).toBe(2);
    const included = planPages(pages, ['https://a.example/2'], true);
    expect(included.toRegister.map((page) => page.line)).toEqual([1, 3, 5]);
    expect(skippedCount(included, true)).toBe(1);
  });

  it('50 addresses with 5 duplicates and 3 already registered make 42 to register', () => {
    const urls = Array.from({ length: 45 }, (_, i) => `https://site.example/page-${i}`);
    const pages = listed([...urls, ...urls.slice(0, 5)]);
    const plan = planPages(pages, urls.slice(10, 13));
    expect(plan.toRegister).toHaveLength(42);
    expect(plan.duplicates).toHaveLength(5);
    expect(plan.registered).toHaveLength(3);
  });

  it(`takes at most ${MAX_REGISTER_PAGES} pages and counts the rest`, () => {
    const pages = listed(Array.from({ length: MAX_REGISTER_PAGES + 3 }, (_, i) => `https://a.example/${i}`));
    const plan = planPages(pages, []);
    expect(plan.toRegister).toHaveLength(MAX_REGISTER_PAGES);
    expect(plan.overLimit).toBe(3);
  });
});
