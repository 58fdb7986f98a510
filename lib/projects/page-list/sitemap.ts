/** The sitemaps protocol's own bound: a sitemap lists at most 50,000 addresses, an index at most 50,000 sitemaps. */
export const MAX_SITEMAP_ENTRIES = 50_000;
/** A sitemap bigger than this is refused (the protocol allows 50 MB; review projects never need that many pages). */
export const MAX_SITEMAP_BYTES = 10 * 1024 * 1024;

/** Parses XML into a document: the page's DOMParser (the service worker has none), a test's stand-in. */
export type ParseXml = (text: string) => Document;

export type Sitemap =
  | { kind: 'urlset'; urls: string[] }
  | { kind: 'index'; sitemaps: string[] }
  | { kind: 'invalid'; reason: 'notXml' | 'notSitemap' | 'tooBig' };

/** An element's name without its namespace prefix (`sm:urlset` → `urlset`), whatever the parser reports as its local name. */
const nameOf = (element: Element): string => (element.localName || element.nodeName).replace(/^.*:/, '');

/** The `<loc>` of each child named `entry` of the root, in order, at most MAX_SITEMAP_ENTRIES. */
function locations(root: Element, entry: string): string[] {
  const found: string[] = [];
  for (const child of Array.from(root.children)) {
    if (nameOf(child) !== entry) continue;
    const loc = Array.from(child.children).find((element) => nameOf(element) === 'loc');
    const value = loc?.textContent?.trim();
    if (value) found.push(value);
    if (found.length >= MAX_SITEMAP_ENTRIES) break;
  }
  return found;
}

/**
 * A sitemap (`<urlset>`: its pages) or a sitemap index (`<sitemapindex>`: its sitemaps), by the root
 * element's local name, so any namespace prefix works. DOMParser resolves no external entities, so
 * there is nothing to fetch while parsing; the size is bounded before parsing.
 */
export function parseSitemap(text: string, parseXml: ParseXml): Sitemap {
  if (text.length > MAX_SITEMAP_BYTES) return { kind: 'invalid', reason: 'tooBig' };
  let document: Document;
  try {
    document = parseXml(text);
  } catch {
    return { kind: 'invalid', reason: 'notXml' };
  }
  const root = document.documentElement as Element | null;
  if (!root || nameOf(root) === 'parsererror' || document.getElementsByTagName('parsererror').length > 0)
    return { kind: 'invalid', reason: 'notXml' };
  if (nameOf(root) === 'urlset') return { kind: 'urlset', urls: locations(root, 'url') };
  if (nameOf(root) === 'sitemapindex') return { kind: 'index', sitemaps: locations(root, 'sitemap') };
  return { kind: 'invalid', reason: 'notSitemap' };
}
