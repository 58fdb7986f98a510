import { gzipSync } from 'node:zlib';
import type { FetchLike } from '@/lib/api/http';
import { fetchDocument } from '@/lib/projects/page-list/fetch-document';
import { readDocument, type ReadDocument } from '@/lib/projects/page-list/follow-redirects';

/** What the fake site answers for an address: a body (200), a status, a redirect, or a network failure. */
export type Route =
  | string
  | Uint8Array
  | number
  | { redirect: string; status?: number }
  | { body: string | Uint8Array; status?: number; contentType?: string }
  | { fail: 'network' };

/** The bytes of `text` gzipped, as a `.xml.gz` served as a file. */
export const gzipped = (text: string) => new Uint8Array(gzipSync(Buffer.from(text)));

/**
 * A site for the fetch of Fetch sitemap, answering as a browser's fetch does with `redirect: 'manual'`:
 * a redirect is opaque (status 0, no headers), its Location only seen as webRequest sees it
 * (`locationOf`). Every address requested is recorded, in order; an address it does not know is a 404.
 */
export function fakeSite(routes: Record<string, Route>) {
  const requested: string[] = [];
  const inits: RequestInit[] = [];
  const locations = new Map<string, string>();
  const fetch: FetchLike = (input, init) => {
    requested.push(input);
    inits.push(init);
    const route = routes[input] ?? 404;
    if (typeof route === 'object' && 'fail' in route) return Promise.reject(new TypeError('Failed to fetch'));
    if (typeof route === 'number') return Promise.resolve(new Response('no', { status: route }));
    if (typeof route === 'string' || route instanceof Uint8Array)
      return Promise.resolve(
        new Response(route as BodyInit, { headers: { 'content-type': 'application/octet-stream' } }),
      );
    if ('redirect' in route) {
      if (init.redirect !== 'manual') throw new Error('the fetch must not follow redirects');
      locations.set(input, route.redirect);
      return Promise.resolve({ type: 'opaqueredirect', status: 0, ok: false, body: null } as unknown as Response);
    }
    const headers = { 'content-type': route.contentType ?? 'application/xml' };
    return Promise.resolve(new Response(route.body as BodyInit, { status: route.status ?? 200, headers }));
  };
  return {
    fetch,
    requested,
    inits,
    locationOf: (url: string) => Promise.resolve(locations.get(url)),
    /** One document as the page reads it: through the background's fetch, redirects followed by hand. */
    reader(start: URL, signal = new AbortController().signal): (address: string) => Promise<ReadDocument> {
      const ask = (url: string) => fetchDocument(url, start, fetch, signal);
      return (address) => readDocument(address, start, ask, this.locationOf);
    },
  };
}

export const urlsetOf = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `  <url><loc>${url}</loc></url>`)
    .join('\n')}\n</urlset>\n`;

export const indexOf = (sitemaps: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps
    .map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
