import type { Browser } from 'wxt/browser';
import type { FetchLike } from '../api/http';
import { fetchDocument, MAX_FETCH_REQUESTS, type FetchedDocument } from '../projects/page-list/fetch-document';
import type { FetchGrants } from '../projects/page-list/fetch-grants';
import { sitePatterns } from '../projects/page-list/site-address';
import { isTrustedSender, type ExtensionIdentity } from './sender-guard';
import { SITE_FETCH_MAX_MS, siteFetchRequestSchema, type SiteFetchAnswer } from './site-fetch-port';

export interface SiteFetchDeps {
  fetch: FetchLike;
  grants: FetchGrants;
}

/**
 * The background's side of one Fetch sitemap (./site-fetch-port.ts): a port from this extension's own
 * page, one site, at most MAX_FETCH_REQUESTS requests, each made by fetchDocument. When the port ends,
 * or after SITE_FETCH_MAX_MS, what is in flight is aborted and the access the click added is given back.
 */
export function serveSiteFetch(port: Browser.runtime.Port, self: ExtensionIdentity, deps: SiteFetchDeps): void {
  if (!isTrustedSender(port.sender ?? {}, self, true)) return port.disconnect();
  const stopped = new AbortController();
  let site: { start: URL; close: () => Promise<void> } | undefined;
  let left = MAX_FETCH_REQUESTS;
  const end = () => {
    clearTimeout(timer);
    stopped.abort();
    void site?.close();
  };
  const timer = setTimeout(() => (port.disconnect(), end()), SITE_FETCH_MAX_MS);
  port.onDisconnect.addListener(end);
  const answer = async (posted: unknown) => {
    const request = siteFetchRequestSchema.safeParse(posted);
    // After the end no message arrives: the port is closed on both sides.
    if (!request.success) return;
    const { id, url } = request.data;
    // The first address names the site: the page asked for access to it in the click just before.
    const start = site?.start ?? URL.parse(url);
    if (start && !site) site = { start, close: deps.grants.open(sitePatterns(start)) };
    const document: FetchedDocument =
      site && left-- > 0
        ? await fetchDocument(url, site.start, deps.fetch, stopped.signal)
        : { ok: false, problem: 'otherSite' };
    try {
      port.postMessage({ id, document } satisfies SiteFetchAnswer);
    } catch {
      // The page has gone: its end has already closed the fetch.
    }
  };
  port.onMessage.addListener((posted: unknown) => void answer(posted));
}
