import { FORMATS, listing, MAX_SITEMAP_ENTRIES, type FormatName, type Listing } from './sitemap';

/** Any namespace prefix of a name (`sm:`), which the formats' names are read without. */
const PREFIX = '(?:[\\w.-]+:)?';

/** An element's text: CDATA kept as it is, the five XML entities and character references decoded. */
function decode(raw: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return raw
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>|&(#x[\da-f]+|#\d+|\w+);/gi, (whole, cdata?: string, entity?: string) => {
      if (cdata !== undefined) return cdata;
      if (entity?.startsWith('#')) {
        const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return named[entity ?? ''] ?? whole;
    })
    .trim();
}

/** The text of each `<name>…</name>` in `content`, in order (any prefix). */
const elementTexts = (content: string, name: string) =>
  [...content.matchAll(new RegExp(`<${PREFIX}${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${PREFIX}${name}\\s*>`, 'g'))].map(
    (match) => decode(match[1]!),
  );

/** An attribute's value in the attributes of a start tag. */
const attribute = (attributes: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(["'])([\\s\\S]*?)\\1`).exec(attributes)?.[2];

/** One entry's address, as ./sitemap.ts reads it from the DOM. */
function addressIn(content: string, format: FormatName): string | undefined {
  if (format === 'urlset' || format === 'sitemapindex') return elementTexts(content, 'loc')[0] || undefined;
  if (format === 'feed') {
    for (const [, attributes = ''] of content.matchAll(new RegExp(`<${PREFIX}link(\\s[^>]*?)/?>`, 'g')))
      if (/^(alternate)?$/.test(attribute(attributes, 'rel') ?? ''))
        return decode(attribute(attributes, 'href') ?? '') || undefined;
    return undefined;
  }
  const link = elementTexts(content, 'link').find(Boolean);
  if (link) return link;
  const guid = new RegExp(`<${PREFIX}guid(\\s[^>]*)?>([\\s\\S]*?)</${PREFIX}guid\\s*>`).exec(content);
  return guid && attribute(guid[1] ?? '', 'isPermaLink') !== 'false' ? decode(guid[2]!) || undefined : undefined;
}

/**
 * The complete entries of a document cut off before its end (a server that stopped writing, a
 * connection or a gzip stream cut): the browser's XML parser refuses such a document whole, so it is
 * read without one. An entry counts only once its closing tag has arrived, so an address is never
 * half of one; comments are left out, as a parser would.
 */
export function scanCutListing(text: string, format: FormatName): Listing {
  const { kind, entry } = FORMATS[format];
  const content = text.replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  const entries = new RegExp(`<${PREFIX}${entry}(?:\\s[^>]*)?>([\\s\\S]*?)</${PREFIX}${entry}\\s*>`, 'g');
  const addresses: string[] = [];
  for (const [, inner = ''] of content.matchAll(entries)) {
    const address = addressIn(inner, format);
    if (address) addresses.push(address);
    if (addresses.length >= MAX_SITEMAP_ENTRIES) break;
  }
  return listing(kind, addresses);
}
