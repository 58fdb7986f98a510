import { describe, expect, it } from 'vitest';
import { pageFileKind, parsePageCsv, parsePageText } from '@/lib/projects/page-list/page-lines';
import { pageNameFromUrl } from '@/lib/projects/page-list/page-name';
import { planPages, skippedCount } from '@/lib/projects/page-list/plan-pages';
import { MAX_PAGE_URL_LENGTH, MAX_REGISTER_PAGES } from '@/lib/storage/register-job/register-job-schema';

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

  it('tells the kinds of file apart, by their name without .gz and by their decompressed text', () => {
    expect(pageFileKind('sitemap.xml', '')).toBe('sitemap');
    expect(pageFileKind('sitemap-1.xml.gz', '')).toBe('sitemap');
    expect(pageFileKind('pages', '<?xml version="1.0"?><urlset/>')).toBe('sitemap');
    expect(pageFileKind('blog.rss', '')).toBe('sitemap');
    expect(pageFileKind('feed', '\ufeff  <feed xmlns="http://www.w3.org/2005/Atom"/>')).toBe('sitemap');
    expect(pageFileKind('pages.csv', 'https://a/')).toBe('csv');
    expect(pageFileKind('pages.csv.gz', 'https://a/')).toBe('csv');
    expect(pageFileKind('export', 'url,name\n')).toBe('csv');
    expect(pageFileKind('pages.txt', 'https://a/\n')).toBe('text');
    expect(pageFileKind('pages.txt.gz', 'https://a/\n')).toBe('text');
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
