// What Fetch sitemap tells the user (entrypoints/options/sections/projects/sitemap-texts.ts).
import { describe, expect, it } from 'vitest';
import { siteReadMessage } from '@/entrypoints/options/sections/projects/sitemap-texts';
import type { SiteRead } from '@/lib/projects/page-list/read-site';
import { readSiteAddress } from '@/lib/projects/page-list/site-address';

const read = (changes: Partial<SiteRead>): SiteRead => ({
  pages: ['https://shop.example/a', 'https://shop.example/b'],
  leftOut: 0,
  read: ['https://shop.example/sitemap.xml'],
  skipped: { first: [], count: 0 },
  endedEarly: [],
  stopped: false,
  ...changes,
});
const site = readSiteAddress('https://shop.example')!;

describe('the message of a fetch', () => {
  it('says where a site’s sitemaps were found', () => {
    expect(
      siteReadMessage(site, read({ found: { via: 'robots', address: 'https://shop.example/robots.txt' } })).text,
    ).toBe('2 addresses from 1 sitemap(s) put into Page addresses. Found through https://shop.example/robots.txt.');
    expect(
      siteReadMessage(site, read({ found: { via: 'usual', address: 'https://shop.example/sitemap.xml' } })).text,
    ).toContain('Found at https://shop.example/sitemap.xml (robots.txt names no sitemap that could be read).');
  });

  it('says a hostile index’s sitemaps not read as the first few and a count, the pages past the bound as a count', () => {
    const skipped = ['a', 'b', 'c'].map((name) => ({
      address: `https://shop.example/${name}.xml`,
      problem: 'tooMany' as const,
    }));
    const { ok, text } = siteReadMessage(site, read({ leftOut: 998_000, skipped: { first: skipped, count: 49_980 } }));
    expect(ok).toBe(true);
    expect(text).toContain('998,000 more addresses were left out: at most 2,000 go into Page addresses.');
    expect(text).toContain(
      'Not read: https://shop.example/a.xml (the 20 sitemaps one fetch reads at most were already tried)',
    );
    expect(text).toContain('And 49,977 more sitemaps not read.');
    expect(text.length).toBeLessThan(1_000);
  });

  it('says a sitemap ends early with its complete pages, and a time bound that stopped the fetch', () => {
    const { text } = siteReadMessage(
      readSiteAddress('https://shop.example/sitemap.xml')!,
      read({ endedEarly: [{ address: 'https://shop.example/sitemap.xml', complete: 49, entries: 'pages' }] }),
      60,
    );
    expect(text).toContain('The sitemap https://shop.example/sitemap.xml ends early: 49 complete pages read.');
    expect(text).toContain('Stopped after 60 s: what was not read by then is left out.');
  });

  it('says no sitemap was found on a site, and no address in a sitemap', () => {
    expect(siteReadMessage(site, read({ pages: [], read: [] }))).toEqual({
      ok: false,
      text: 'No sitemap with pages found for https://shop.example (robots.txt, /sitemap.xml, /sitemap_index.xml).',
    });
    expect(siteReadMessage(readSiteAddress('https://shop.example/s.xml')!, read({ pages: [] })).text).toBe(
      'https://shop.example/s.xml: no address found.',
    );
  });
});
