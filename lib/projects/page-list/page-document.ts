import { isFormatName, parseXmlListing, type Listing, type ParseXml } from './sitemap';
import { scanCutListing } from './sitemap-scan';
import { MAX_SITEMAP_ENTRIES } from './sitemap';

/**
 * What a fetched or chosen document lists. `endsEarly`: it stops before its end (its root element is
 * never closed, or its transfer was cut), and only its complete entries were kept.
 */
export type PageDocument = (Listing & { endsEarly: boolean }) | { kind: 'invalid'; reason: 'notXml' | 'notSitemap' };

/**
 * The root element's name as written (`sm:urlset`) and the rest of its start tag, after the XML
 * declaration, comments and a doctype.
 */
const ROOT =
  /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>\s*)*<((?:[\w.-]+:)?([\w.-]+))([^>]*)>/i;

/**
 * Whether the document closes its root element (`</urlset>`, or an empty `<urlset/>`), with nothing
 * after it but space, comments and processing instructions.
 */
function closesRoot(text: string, qualifiedName: string, startTag: string): boolean {
  if (startTag.endsWith('/')) return true;
  const end = text.lastIndexOf(`</${qualifiedName}`);
  return end >= 0 && /^\s*>(?:\s|<!--[\s\S]*?-->|<\?[\s\S]*?\?>)*$/.test(text.slice(end + qualifiedName.length + 2));
}

/**
 * A text sitemap: one absolute http(s) address a line (the sitemaps protocol's text format). When its
 * transfer was cut, its last line may be half of one unless a line break ends it: it is left out.
 */
function textListing(text: string, cut: boolean): PageDocument {
  const lines = text.split(/\r\n|\r|\n/);
  if (cut && lines.length > 0 && !/[\r\n]$/.test(text)) lines.pop();
  const urls = lines
    .map((line) => line.trim())
    .filter((line) => /^https?:\/\/\S+$/i.test(line) && URL.canParse(line))
    .slice(0, MAX_SITEMAP_ENTRIES);
  return urls.length > 0 ? { kind: 'pages', urls, endsEarly: cut } : { kind: 'invalid', reason: 'notSitemap' };
}

/**
 * Reads a sitemap, a sitemap index, an RSS or Atom feed or a text sitemap (design.md §15). One of
 * these that closes its root goes to the page's DOMParser (`parseXml`); one cut off before its end,
 * which a browser's parser refuses whole, keeps its complete entries (./sitemap-scan.ts). Another
 * root (an HTML page) is not a sitemap; anything that does not start with markup is read as text.
 * `cut`: the transfer stopped early.
 */
export function parsePageDocument(text: string, parseXml: ParseXml, cut = false): PageDocument {
  const body = text.replace(/^\uFEFF/, '');
  if (!body.trimStart().startsWith('<')) return textListing(body, cut);
  const root = ROOT.exec(body);
  const [, qualifiedName = '', name = '', startTag = ''] = root ?? [];
  // An HTML page (a site that answers every address with its home page), closed or not.
  if (root && !isFormatName(name)) return { kind: 'invalid', reason: 'notSitemap' };
  if (isFormatName(name) && !closesRoot(body, qualifiedName, startTag))
    return { ...scanCutListing(body, name), endsEarly: true };
  const listing = parseXmlListing(body, parseXml);
  return typeof listing === 'string' ? { kind: 'invalid', reason: listing } : { ...listing, endsEarly: false };
}
