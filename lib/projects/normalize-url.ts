/** A page address in the form used to compare registrations. */
export interface NormalizedUrl {
  /** Scheme and host lowercased, default port and fragment dropped, everything else as typed. */
  url: string;
  /** `https://example.com` (with a port only when it is not the default one). */
  origin: string;
  /** What a reviewer calls the site: `example.com`, or `127.0.0.1:8787`. */
  site: string;
}

/**
 * Two addresses of the same page compare equal after this: `HTTPS://Example.COM:443/a#top` and
 * `https://example.com/a` are one page. Path, query, their case and their order are kept (servers may
 * tell them apart). The URL parser already lowercases scheme and host, drops the default port, resolves
 * `.`/`..` segments and gives an empty path its `/`; this drops the fragment. Only http(s) addresses
 * are compared; anything else is undefined.
 */
export function normalizeUrl(raw: string): NormalizedUrl | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  // `https://example.com/#` keeps its lone `#` after clearing the hash in some engines: drop it too.
  const href = url.href.endsWith('#') ? url.href.slice(0, -1) : url.href;
  return { url: href, origin: url.origin, site: url.host };
}
