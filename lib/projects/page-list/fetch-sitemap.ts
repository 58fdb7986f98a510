import { readBoundedText } from '../../api/bounded-body';
import type { FetchLike } from '../../api/http';
import { MAX_SITEMAP_BYTES, parseSitemap, type ParseXml } from './sitemap';

/** A sitemap index's children read at most (each one request); the rest are reported, not fetched. */
export const MAX_SITEMAP_CHILDREN = 20;
export const SITEMAP_TIMEOUT_MS = 15_000;

export type SitemapProblem =
  'notAddress' | 'unreachable' | 'status' | 'tooBig' | 'notXml' | 'notSitemap' | 'otherOrigin' | 'nestedIndex';

export interface FetchedSitemap {
  urls: string[];
  /** The sitemaps read (the address itself, or an index's children). */
  read: string[];
  /** Children not read, with why: another origin, past MAX_SITEMAP_CHILDREN, or a failure of their own. */
  skipped: { address: string; problem: SitemapProblem | 'tooMany'; status?: number }[];
}

export type FetchSitemapResult =
  { ok: true; value: FetchedSitemap } | { ok: false; problem: SitemapProblem; status?: number };

async function readOne(
  fetchFn: FetchLike,
  address: string,
  origin: string,
  parseXml: ParseXml,
): Promise<
  { ok: true; sitemap: ReturnType<typeof parseSitemap> } | { ok: false; problem: SitemapProblem; status?: number }
> {
  let response: Response;
  try {
    response = await fetchFn(address, {
      credentials: 'omit',
      signal: AbortSignal.timeout(SITEMAP_TIMEOUT_MS),
      headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
    });
  } catch {
    return { ok: false, problem: 'unreachable' };
  }
  // A redirect to another site is not followed for its content: host access was granted for this one.
  if (response.url && new URL(response.url).origin !== origin) return { ok: false, problem: 'otherOrigin' };
  if (!response.ok) return { ok: false, problem: 'status', status: response.status };
  const text = await readBoundedText(response, MAX_SITEMAP_BYTES).catch(() => null);
  if (text === null) return { ok: false, problem: 'unreachable' };
  if (text === undefined) return { ok: false, problem: 'tooBig' };
  const sitemap = parseSitemap(text, parseXml);
  if (sitemap.kind === 'invalid') return { ok: false, problem: sitemap.reason };
  return { ok: true, sitemap };
}

/**
 * Reads a sitemap by its address, in the options page (which has DOMParser and the host access the
 * click asked for). An index's children are read one after another, same origin only, at most
 * MAX_SITEMAP_CHILDREN; an index inside an index is not followed.
 */
export async function fetchSitemap(
  address: string,
  fetchFn: FetchLike,
  parseXml: ParseXml,
): Promise<FetchSitemapResult> {
  let origin: string;
  try {
    const url = new URL(address);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'notAddress' };
    origin = url.origin;
  } catch {
    return { ok: false, problem: 'notAddress' };
  }
  const first = await readOne(fetchFn, address, origin, parseXml);
  if (!first.ok) return first;
  if (first.sitemap.kind === 'urlset')
    return { ok: true, value: { urls: first.sitemap.urls, read: [address], skipped: [] } };
  if (first.sitemap.kind !== 'index') return { ok: false, problem: 'notSitemap' };

  const result: FetchedSitemap = { urls: [], read: [], skipped: [] };
  for (const child of first.sitemap.sitemaps) {
    let childOrigin: string | undefined;
    try {
      childOrigin = new URL(child, address).origin;
    } catch {
      childOrigin = undefined;
    }
    if (childOrigin !== origin) {
      result.skipped.push({ address: child, problem: 'otherOrigin' });
      continue;
    }
    if (result.read.length >= MAX_SITEMAP_CHILDREN) {
      result.skipped.push({ address: child, problem: 'tooMany' });
      continue;
    }
    const absolute = new URL(child, address).href;
    const read = await readOne(fetchFn, absolute, origin, parseXml);
    if (!read.ok) {
      result.skipped.push({
        address: child,
        problem: read.problem,
        ...(read.status !== undefined && { status: read.status }),
      });
      continue;
    }
    if (read.sitemap.kind !== 'urlset') {
      result.skipped.push({ address: child, problem: 'nestedIndex' });
      continue;
    }
    result.read.push(absolute);
    result.urls.push(...read.sitemap.urls);
  }
  return { ok: true, value: result };
}
