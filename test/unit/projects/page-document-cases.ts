// What parsePageDocument (lib/projects/page-list/page-document.ts) makes of the documents real sites
// serve. One table for two runs: the unit test with linkedom's DOMParser, and
// test/e2e/page-document-browsers.spec.ts with the real DOMParser of Chromium and Firefox, which refuse
// malformed XML that linkedom accepts.
import type { PageDocument } from '../../../lib/projects/page-list/page-document';

export interface PageDocumentCase {
  name: string;
  text: string;
  /** The transfer stopped before its end. */
  cut?: boolean;
  expected: PageDocument;
  /** Only a strict parser (a browser's) can judge it: linkedom accepts what browsers refuse. */
  strictParserOnly?: true;
}

const SM = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const url = (loc: string) => `<url><loc>${loc}</loc><lastmod>2026-11-01</lastmod></url>`;
const pages = (urls: string[], endsEarly = false): PageDocument => ({ kind: 'pages', urls, endsEarly });
const a = (path: string) => `https://a.example/${path}`;
const five = [1, 2, 3, 4, 5].map((n) => a(`p${n}`));

export const PAGE_DOCUMENT_CASES: PageDocumentCase[] = [
  {
    name: 'a urlset',
    text: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${SM}>\n${five.map(url).join('\n')}\n</urlset>\n`,
    expected: pages(five),
  },
  {
    name: 'a urlset with a namespace prefix, a BOM, a comment and a doctype before its root',
    text: `\ufeff<?xml version="1.0"?><!-- made by hand --><!DOCTYPE urlset><sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc>${a('x')}</sm:loc></sm:url></sm:urlset>`,
    expected: pages([a('x')]),
  },
  {
    name: 'entities, CDATA and a commented-out entry',
    text: `<urlset ${SM}><url><loc>${a('q?a=1&amp;b=2')}</loc></url><url><loc><![CDATA[${a('c?x=1&y=2')}]]></loc></url><!-- ${url(a('hidden'))} --><url><loc>${a('caf&#xe9;')}</loc></url></urlset>`,
    expected: pages([a('q?a=1&b=2'), a('c?x=1&y=2'), a('café')]),
  },
  {
    name: 'an empty urlset',
    text: `<?xml version="1.0"?><urlset ${SM}/>`,
    expected: pages([]),
  },
  {
    name: 'a sitemap index',
    text: `<sitemapindex ${SM}><sitemap><loc>${a('s1.xml.gz')}</loc></sitemap><sitemap><loc>${a('s2.xml.gz')}</loc><lastmod>2026-11-01</lastmod></sitemap></sitemapindex>`,
    expected: { kind: 'index', sitemaps: [a('s1.xml.gz'), a('s2.xml.gz')], endsEarly: false },
  },
  {
    name: 'a urlset cut inside the address of its fourth entry: its three complete entries',
    text: `<?xml version="1.0"?>\n<urlset ${SM}>\n${five.slice(0, 3).map(url).join('\n')}\n<url><loc>https://a.example/p`,
    expected: pages(five.slice(0, 3), true),
  },
  {
    name: 'a urlset cut after an address but before its entry closes: that entry is not complete',
    text: `<urlset ${SM}>${five.slice(0, 2).map(url).join('')}<url><loc>${a('p3')}</loc><lastm`,
    expected: pages(five.slice(0, 2), true),
  },
  {
    name: 'a urlset on one line whose closing tag never came',
    text: `<urlset ${SM}>${five.map(url).join('')}`,
    expected: pages(five, true),
  },
  {
    name: 'a urlset cut inside a comment',
    text: `<urlset ${SM}>${url(a('p1'))}<!-- ${url(a('p2'))}`,
    expected: pages([a('p1')], true),
  },
  {
    name: 'a sitemap index cut inside its third entry',
    text: `<sitemapindex ${SM}><sitemap><loc>${a('s1.xml')}</loc></sitemap><sitemap><loc>${a('s2.xml')}</loc></sitemap><sitemap><loc>https://a.ex`,
    expected: { kind: 'index', sitemaps: [a('s1.xml'), a('s2.xml')], endsEarly: true },
  },
  {
    name: 'an RSS 2.0 feed: its items’ links (a permalink guid when there is no link), not the channel’s',
    text: `<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Blog</title><link>${a('')}</link><atom:link href="${a('feed.xml')}" rel="self"/><item><title>One</title><link>${a('one')}</link></item><item><atom:link href="${a('x')}" rel="self"/><link>${a('two')}</link></item><item><guid>${a('three')}</guid></item><item><guid isPermaLink="false">tag:a.example,2026:4</guid></item></channel></rss>`,
    expected: pages([a('one'), a('two'), a('three')]),
  },
  {
    name: 'an RSS 1.0 (RDF) feed',
    text: `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="${a('')}"><link>${a('')}</link></channel><item rdf:about="${a('r1')}"><link>${a('r1')}</link></item></rdf:RDF>`,
    expected: pages([a('r1')]),
  },
  {
    name: 'an Atom 1.0 feed: each entry’s alternate link, not its self link nor the feed’s',
    text: `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><link href="${a('')}"/><entry><title>One</title><link rel="self" href="${a('one.atom')}"/><link rel="alternate" type="text/html" href="${a('one')}"/></entry><entry><link href="${a('two')}"/></entry><entry><link rel="enclosure" href="${a('x.mp3')}"/></entry></feed>`,
    expected: pages([a('one'), a('two')]),
  },
  {
    name: 'an Atom 0.3 feed',
    text: `<?xml version="1.0"?><feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><link rel="alternate" type="text/html" href="${a('old')}"/></entry></feed>`,
    expected: pages([a('old')]),
  },
  {
    name: 'an RSS feed cut inside its second item',
    text: `<rss version="2.0"><channel><item><link>${a('one')}</link></item><item><link>${a('two')}</link>`,
    expected: pages([a('one')], true),
  },
  {
    name: 'an Atom feed cut inside its second entry',
    text: `<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href='${a('one')}'/></entry><entry><link href="https://a.example/tw`,
    expected: pages([a('one')], true),
  },
  {
    name: 'a text sitemap: one address a line, other lines left out',
    text: `${a('t1')}\r\n\n  ${a('t2')}  \n# not an address\nftp://a.example/file\n${a('t3')}`,
    expected: pages([a('t1'), a('t2'), a('t3')]),
  },
  {
    name: 'a text sitemap whose transfer was cut: its last line, maybe half an address, is left out',
    text: `${a('t1')}\n${a('t2')}\n${a('t3-is-lo')}`,
    cut: true,
    expected: pages([a('t1'), a('t2')], true),
  },
  {
    name: 'an HTML page (a site that answers every address with its home page) is not a sitemap',
    text: '<!doctype html><html lang="en"><head><title>Home</title></head><body><p>Welcome</p></body></html>',
    expected: { kind: 'invalid', reason: 'notSitemap' },
  },
  {
    name: 'an HTML page that never closes is not a sitemap either',
    text: '<html><body><a href="https://a.example/1">one</a>',
    expected: { kind: 'invalid', reason: 'notSitemap' },
  },
  {
    name: 'text with no address is not a sitemap',
    text: 'User-agent: *\nDisallow: /private\n',
    expected: { kind: 'invalid', reason: 'notSitemap' },
  },
  {
    name: 'a closed urlset with a bare & is not XML',
    text: `<urlset ${SM}><url><loc>https://a.example/?a=1&b=2</loc></url></urlset>`,
    expected: { kind: 'invalid', reason: 'notXml' },
    strictParserOnly: true,
  },
  {
    name: 'a closed urlset with an unclosed entry is not XML',
    text: `<urlset ${SM}><url><loc>${a('p1')}</loc></urlset>`,
    expected: { kind: 'invalid', reason: 'notXml' },
    strictParserOnly: true,
  },
];
