import { useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { openSiteFetch } from '@/lib/messaging/site-fetch-client';
import { readDocument } from '@/lib/projects/page-list/follow-redirects';
import { readSite, SITE_READ_MAX_MS } from '@/lib/projects/page-list/read-site';
import { watchRedirects } from '@/lib/projects/page-list/redirect-watch';
import { readSiteAddress, sitePatterns } from '@/lib/projects/page-list/site-address';
import { problemText, siteReadMessage } from './sitemap-texts';

/** The page's own XML parser: sitemaps are parsed here, never in the service worker (it has no DOMParser). */
export const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml');

export interface SiteFetchHandlers {
  /** Addresses for Page addresses, one a line, and what to tell the user about them. */
  onFound: (lines: string, message: string) => void;
  onProblem: (message: string) => void;
}

/**
 * Fetch sitemap (design.md §15): asks for access to the site in the click (the first thing it
 * awaits, or the browser refuses to ask), then reads through the background, which fetches on that
 * site only and gives the access back when the fetch ends. Cancel, leaving the page or the time bound
 * (SITE_READ_MAX_MS) end it at once; redirects are read in the page (./redirect-watch.ts).
 */
export function useSiteFetch({ onFound, onProblem }: SiteFetchHandlers) {
  const [running, setRunning] = useState<AbortController>();
  const current = useRef<AbortController>(undefined);
  // Leaving the section ends a fetch under way: the background then gives the access back.
  useEffect(() => () => current.current?.abort(), []);

  const fetchSite = async (typed: string) => {
    const start = readSiteAddress(typed);
    if (!start) return onProblem(t('sitemapNotAddress'));
    const patterns = sitePatterns(start.url);
    // The first await of the click: the browser asks only while the click's user activation lasts.
    const granted = await browser.permissions.request({ origins: patterns }).catch(() => false);
    if (!granted) return onProblem(t('sitemapAccessRefused', start.url.origin));
    const cancel = new AbortController();
    const timeUp = AbortSignal.timeout(SITE_READ_MAX_MS);
    const signal = AbortSignal.any([cancel.signal, timeUp]);
    const port = openSiteFetch();
    const redirects = watchRedirects(patterns);
    signal.addEventListener('abort', port.close);
    current.current = cancel;
    setRunning(cancel);
    try {
      const read = (address: string) => readDocument(address, start.url, port.ask, redirects.locationOf);
      const result = await readSite(start, { read, parseXml, signal });
      if (cancel.signal.aborted) return onProblem(t('sitemapCancelled'));
      const seconds = timeUp.aborted ? SITE_READ_MAX_MS / 1000 : undefined;
      if (!result.ok) {
        const why =
          seconds === undefined ? problemText(result.problem, result.status) : t('sitemapTimeUpShort', seconds);
        return onProblem(t('sitemapFailed', start.url.href, why));
      }
      const message = siteReadMessage(start, result.value, seconds);
      if (!message.ok) return onProblem(message.text);
      onFound(result.value.pages.join('\n'), message.text);
    } finally {
      port.close();
      redirects.stop();
      if (current.current === cancel) current.current = undefined;
      setRunning((shown) => (shown === cancel ? undefined : shown));
    }
  };

  return { busy: running !== undefined, cancel: () => running?.abort(), fetchSite };
}
