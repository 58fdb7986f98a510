import { MAX_REGISTER_PAGES } from '../../storage/register-job/register-job-schema';
import { MAX_SITEMAP_TRIES } from './fetch-document';
import type { DocumentProblem, ReadDocument } from './follow-redirects';
import { parsePageDocument } from './page-document';
import { robotsSitemaps } from './robots';
import { isOnSite, type SiteAddress } from './site-address';
import type { ParseXml } from './sitemap';

/** Why a sitemap was not read, or not followed. */
export type SitemapProblem = DocumentProblem | 'notXml' | 'notSitemap' | 'nestedIndex' | 'tooMany';

export interface SkippedSitemap {
  address: string;
  problem: SitemapProblem;
  status?: number;
}

/** A fetch's time at most, in the page: then it stops, and what is not read by then is left out. */
export const SITE_READ_MAX_MS = 60_000;

/** Skipped sitemaps shown by address; the others are counted. */
export const SKIPPED_SHOWN = 3;

export interface SiteRead {
  /** The first MAX_REGISTER_PAGES addresses listed, in order. */
  pages: string[];
  /** Addresses listed after those. */
  leftOut: number;
  /** The documents whose pages were taken. */
  read: string[];
  /** For a site: where its sitemaps were found (the robots.txt that names them, or the usual address read). */
  found?: { via: 'robots' | 'usual'; address: string };
  /** The first SKIPPED_SHOWN sitemaps not read, and how many there were. */
  skipped: { first: SkippedSitemap[]; count: number };
  /** Documents that end early, with how many complete entries each gave (pages, or an index's sitemaps). */
  endedEarly: { address: string; complete: number; entries: 'pages' | 'sitemaps' }[];
  /** The fetch was stopped (its time bound, or Cancel) before everything was read. */
  stopped: boolean;
}

export type ReadSiteResult = { ok: true; value: SiteRead } | { ok: false; problem: SitemapProblem; status?: number };

export interface ReadSiteDeps {
  /** One document, redirects followed (./follow-redirects.ts over the background's port). */
  read: (address: string) => Promise<ReadDocument>;
  parseXml: ParseXml;
  /** Aborted by Cancel or the fetch's time bound: nothing more is asked for. */
  signal: AbortSignal;
}

/**
 * What Fetch sitemap reads for an address (design.md §15). A sitemap, index or feed: that document,
 * and an index's sitemaps. A site (no path): the sitemaps its robots.txt names on the same site, else
 * `/sitemap.xml`, else `/sitemap_index.xml`. After the first document, at most MAX_SITEMAP_TRIES more
 * are asked for, whatever their outcome; a sitemap on another site is never asked for, an index
 * inside an index never followed; at most MAX_REGISTER_PAGES addresses are kept.
 */
export async function readSite(start: SiteAddress, deps: ReadSiteDeps): Promise<ReadSiteResult> {
  const value: SiteRead = {
    pages: [],
    leftOut: 0,
    read: [],
    skipped: { first: [], count: 0 },
    endedEarly: [],
    stopped: false,
  };
  const asked = new Set<string>();
  let tries = 0;
  const skip = (skipped: SkippedSitemap) => {
    if (value.skipped.count++ < SKIPPED_SHOWN) value.skipped.first.push(skipped);
  };
  const listed = () => value.pages.length + value.leftOut;

  /** Reads one document; follows an index's sitemaps unless it is one itself (`nested`). A failure is its problem. */
  async function readOne(address: string, nested: boolean): Promise<SkippedSitemap | undefined> {
    const document = await deps.read(address);
    if (!document.ok) return { address, problem: document.problem, status: document.status };
    const parsed = parsePageDocument(document.text, deps.parseXml, document.cut);
    if (parsed.kind === 'invalid') return { address, problem: parsed.reason };
    if (parsed.kind === 'index') {
      if (nested) return { address, problem: 'nestedIndex' };
      if (parsed.endsEarly)
        value.endedEarly.push({ address: document.url, complete: parsed.sitemaps.length, entries: 'sitemaps' });
      for (const child of parsed.sitemaps) await tryChild(URL.parse(child, document.url)?.href ?? child);
      return undefined;
    }
    if (parsed.endsEarly)
      value.endedEarly.push({ address: document.url, complete: parsed.urls.length, entries: 'pages' });
    value.read.push(document.url);
    for (const url of parsed.urls) {
      if (value.pages.length < MAX_REGISTER_PAGES) value.pages.push(url);
      else value.leftOut += 1;
    }
    return undefined;
  }

  /** A sitemap after the first document: one of MAX_SITEMAP_TRIES, if it is on the site and they are not used up. */
  async function tryChild(address: string, nested = true): Promise<void> {
    if (asked.has(address)) return;
    asked.add(address);
    const url = URL.parse(address);
    if (!url || !isOnSite(start.url, url)) return skip({ address, problem: 'otherSite' });
    if (deps.signal.aborted) return void (value.stopped = true);
    if (tries >= MAX_SITEMAP_TRIES) return skip({ address, problem: 'tooMany' });
    tries += 1;
    const failed = await readOne(address, nested);
    // What the stop cut short is not a failure of the sitemap's own.
    if (deps.signal.aborted) value.stopped = true;
    else if (failed) skip(failed);
  }

  if (!start.site) {
    asked.add(start.url.href);
    const failed = await readOne(start.url.href, false);
    return failed ? { ok: false, problem: failed.problem, status: failed.status } : { ok: true, value };
  }
  const robotsUrl = new URL('/robots.txt', start.url).href;
  const robots = await deps.read(robotsUrl);
  for (const named of robots.ok ? robotsSitemaps(robots.text, robots.url) : []) await tryChild(named, false);
  if (listed() > 0) value.found = { via: 'robots', address: robotsUrl };
  for (const usual of ['/sitemap.xml', '/sitemap_index.xml']) {
    if (listed() > 0) break;
    const address = new URL(usual, start.url).href;
    await tryChild(address, false);
    if (listed() > 0) value.found = { via: 'usual', address };
  }
  return { ok: true, value };
}
