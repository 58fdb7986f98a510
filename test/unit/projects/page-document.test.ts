import { DOMParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { parsePageDocument } from '@/lib/projects/page-list/page-document';
import { MAX_SITEMAP_ENTRIES } from '@/lib/projects/page-list/sitemap';
import { PAGE_DOCUMENT_CASES } from './page-document-cases';

/** The page's DOMParser, in Node: linkedom's, which accepts malformed XML (the browsers' run: test/e2e/page-document-browsers.spec.ts). */
const parseXml = (text: string) => new DOMParser().parseFromString(text, 'text/xml') as unknown as Document;

describe('sitemaps, indexes, feeds and text sitemaps', () => {
  it.each(PAGE_DOCUMENT_CASES.filter((testCase) => !testCase.strictParserOnly))('$name', ({ text, cut, expected }) => {
    expect(parsePageDocument(text, parseXml, cut)).toEqual(expected);
  });

  it('a sitemap cut mid-entry yields exactly its complete entries, and never a DOM parse that would refuse it', () => {
    const entries = Array.from({ length: 50 }, (_, i) => `<url><loc>https://a.example/page-${i + 1}</loc></url>`);
    const cut = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('\n')}`;
    const parse = () => {
      throw new Error('a cut document is not given to the parser');
    };
    const inside = parsePageDocument(cut.slice(0, cut.lastIndexOf('page-50') + 4), parse);
    expect(inside).toEqual({
      kind: 'pages',
      urls: Array.from({ length: 49 }, (_, i) => `https://a.example/page-${i + 1}`),
      endsEarly: true,
    });
  });

  it(`keeps at most ${MAX_SITEMAP_ENTRIES} entries of a document, cut or whole`, () => {
    const entries = '<url><loc>https://a.example/p</loc></url>'.repeat(MAX_SITEMAP_ENTRIES + 5);
    const whole = parsePageDocument(`<urlset>${entries}</urlset>`, parseXml);
    const cut = parsePageDocument(`<urlset>${entries}`, parseXml);
    expect(whole.kind === 'pages' && whole.urls.length).toBe(MAX_SITEMAP_ENTRIES);
    expect(cut.kind === 'pages' && cut.urls.length).toBe(MAX_SITEMAP_ENTRIES);
  });

  it('says "not XML" when the parser refuses a closed document', () => {
    const refuses = () => {
      throw new Error('bad');
    };
    expect(parsePageDocument('<urlset><url></urlset>', refuses)).toEqual({ kind: 'invalid', reason: 'notXml' });
    expect(parsePageDocument('<<<', parseXml)).toEqual({ kind: 'invalid', reason: 'notXml' });
  });
});
