import { z } from 'zod/mini';
import { readBoundedBytes } from '../../api/bounded-body';
import type { FetchLike } from '../../api/http';
import { MAX_SITEMAP_BYTES } from './document-text';
import { isOnSite } from './site-address';

/**
 * Sitemaps read at most after the first document of a fetch (the address, or robots.txt for a site):
 * every one tried counts, whatever its outcome.
 */
export const MAX_SITEMAP_TRIES = 20;
/** Redirects followed at most for one document, each checked before it is requested. */
export const MAX_REDIRECTS = 5;
/** Requests one fetch may make at most, redirects included: the background refuses more on its port. */
export const MAX_FETCH_REQUESTS = (MAX_SITEMAP_TRIES + 1) * (MAX_REDIRECTS + 1);
/** One request's time: the answer and its whole body. */
export const DOCUMENT_TIMEOUT_MS = 15_000;

/** Why the background did not read a document: `redirect` is an answer to follow (./follow-redirects.ts). */
export const FETCH_PROBLEMS = ['otherSite', 'redirect', 'unreachable', 'status', 'tooBig'] as const;
export type FetchProblem = (typeof FETCH_PROBLEMS)[number];

/**
 * A document as the background hands it over: its bytes as they came, one character each (a `latin1`
 * string, which a port can carry), and whether they stopped before their end. The page gunzips and
 * decodes them (./document-text.ts): the worker's code is kept to the fetch itself.
 */
export const fetchedDocumentSchema = z.lazy(() =>
  z.union([
    z.object({ ok: z.literal(true), url: z.string(), body: z.string(), cut: z.boolean() }),
    z.object({ ok: z.literal(false), problem: z.enum(FETCH_PROBLEMS), status: z.optional(z.number()) }),
  ]),
);
export type FetchedDocument = z.infer<typeof fetchedDocumentSchema>;

/**
 * One request of Fetch sitemap, in the background: refused unless `address` is on the site the fetch
 * started at (isOnSite), without cookies, and never following a redirect (`redirect: 'manual'`, which
 * `follow` would request before anything could check where it leads). A redirect is answered as such;
 * the page reads its Location and asks for the next address, which is checked here again. At most
 * MAX_SITEMAP_BYTES as they come (the page bounds them again once decompressed).
 */
export async function fetchDocument(
  address: string,
  start: URL,
  fetchFn: FetchLike,
  signal: AbortSignal,
): Promise<FetchedDocument> {
  const refused = (problem: FetchProblem, status?: number): FetchedDocument => ({ ok: false, problem, status });
  const url = URL.parse(address);
  if (!url || !isOnSite(start, url)) return refused('otherSite');
  let response: Response;
  try {
    response = await fetchFn(url.href, {
      redirect: 'manual',
      credentials: 'omit',
      signal: AbortSignal.any([signal, AbortSignal.timeout(DOCUMENT_TIMEOUT_MS)]),
    });
  } catch {
    return refused('unreachable');
  }
  // Browsers answer `manual` with an opaque redirect (status 0, no headers: whatwg/fetch#763).
  if (response.type === 'opaqueredirect') return refused('redirect');
  if (!response.ok) return refused('status', response.status);
  const read = await readBoundedBytes(response.body, MAX_SITEMAP_BYTES);
  return read
    ? { ok: true, url: url.href, body: new TextDecoder('latin1').decode(read.bytes), cut: read.cut }
    : refused('tooBig');
}
