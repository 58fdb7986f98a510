/** The sitemaps protocol's own bound: a sitemap lists at most 50,000 addresses, an index at most 50,000 sitemaps. */
export const MAX_SITEMAP_ENTRIES = 50_000;

/** Parses XML into a document: the page's DOMParser (the service worker has none), a test's stand-in. */
export type ParseXml = (text: string) => Document;

/**
 * The formats Fetch sitemap and Pages from file read, by the local name of their root element: a
 * sitemap (`urlset`), a sitemap index, RSS 2.0 (`rss`, and RSS 1.0's `RDF`) and Atom (0.3 and 1.0:
 * `feed`). Each lists entries (`entry`), each with one address.
 */
export const FORMATS = {
  urlset: { kind: 'pages', entry: 'url' },
  sitemapindex: { kind: 'index', entry: 'sitemap' },
  rss: { kind: 'pages', entry: 'item' },
  RDF: { kind: 'pages', entry: 'item' },
  feed: { kind: 'pages', entry: 'entry' },
} as const;
export type FormatName = keyof typeof FORMATS;

export const isFormatName = (name: string): name is FormatName => Object.hasOwn(FORMATS, name);

/** What a document lists: pages (a sitemap, a feed, a text sitemap) or sitemaps (an index). */
export type Listing = { kind: 'pages'; urls: string[] } | { kind: 'index'; sitemaps: string[] };

export const listing = (kind: 'pages' | 'index', addresses: string[]): Listing =>
  kind === 'pages' ? { kind, urls: addresses } : { kind, sitemaps: addresses };

/** An element's name without its namespace prefix (`sm:urlset` → `urlset`), whatever the parser reports as its local name. */
const nameOf = (element: Element): string => (element.localName || element.nodeName).replace(/^.*:/, '');
const childrenNamed = (parent: Element, name: string) =>
  Array.from(parent.children).filter((child) => nameOf(child) === name);

const textOf = (element: Element | undefined) => element?.textContent?.trim() || undefined;

/**
 * An entry's address: a sitemap's `<loc>`; an RSS item's `<link>`, or its `<guid>` unless that says
 * it is no permalink; an Atom entry's `<link href>` of no relation or `alternate`.
 */
function addressOf(entry: Element, format: FormatName): string | undefined {
  if (format === 'urlset' || format === 'sitemapindex') return textOf(childrenNamed(entry, 'loc')[0]);
  if (format === 'feed') {
    const link = childrenNamed(entry, 'link').find((element) =>
      /^(alternate)?$/.test(element.getAttribute('rel') ?? ''),
    );
    return link?.getAttribute('href')?.trim() || undefined;
  }
  const guid = childrenNamed(entry, 'guid')[0];
  const link = childrenNamed(entry, 'link').map(textOf).find(Boolean);
  return link ?? (guid?.getAttribute('isPermaLink') === 'false' ? undefined : textOf(guid));
}

/**
 * What a well-formed document lists, read through the DOM, or why not: 'notXml' when the parser
 * refuses it, 'notSitemap' for any other root. DOMParser resolves no external entities, so nothing
 * is fetched while parsing; the size is bounded before.
 */
export function parseXmlListing(text: string, parseXml: ParseXml): Listing | 'notXml' | 'notSitemap' {
  let document: Document;
  try {
    document = parseXml(text);
  } catch {
    return 'notXml';
  }
  const root = document.documentElement as Element | null;
  if (!root || nameOf(root) === 'parsererror' || document.getElementsByTagName('parsererror').length > 0)
    return 'notXml';
  const format = nameOf(root);
  if (!isFormatName(format)) return 'notSitemap';
  const { kind, entry } = FORMATS[format];
  // RSS 2.0 keeps its items in <channel>; RSS 1.0 and the others at the root.
  const holders = format === 'rss' ? [root, ...childrenNamed(root, 'channel')] : [root];
  const addresses: string[] = [];
  for (const element of holders.flatMap((holder) => childrenNamed(holder, entry))) {
    const address = addressOf(element, format);
    if (address) addresses.push(address);
    if (addresses.length >= MAX_SITEMAP_ENTRIES) break;
  }
  return listing(kind, addresses);
}
