import { isLoopbackHost } from '../../api/service-address';

/** What Sitemap address holds, read: where to start, and whether it names a whole site (no path, no query). */
export interface SiteAddress {
  url: URL;
  site: boolean;
}

/**
 * The origins a fetch that starts at `start` may read (design.md §15). On this computer (localhost,
 * 127.0.0.1): its own origin only, as another port is another program. Elsewhere: https, the host and
 * its `www.` twin (an IP address has none), on the same port.
 */
function siteOrigins(start: URL): string[] {
  if (isLoopbackHost(start.hostname)) return [start.origin];
  const host = start.host.replace(/^www\./, '');
  return /^[\d.:]+$|^\[/.test(host) ? [`https://${host}`] : [`https://${host}`, `https://www.${host}`];
}

/** Whether `target` is on the site a fetch started at (siteOrigins). */
export const isOnSite = (start: URL, target: URL): boolean => siteOrigins(start).includes(target.origin);

/** The host access a fetch that starts at `start` needs: exactly the origins it may read (patterns carry no port). */
export const sitePatterns = (start: URL): string[] =>
  siteOrigins(start).map((origin) => `${origin.replace(/:\d+$/, '')}/*`);

/**
 * The address as typed, read: `https://` is assumed when no scheme is given, and a plain `http:`
 * address off this computer is read over https (nothing goes over plain http but to this computer).
 * Undefined when it is not a web address.
 */
export function readSiteAddress(typed: string): SiteAddress | undefined {
  const text = typed.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) url.protocol = 'https:';
  if (!isOnSite(url, url) || url.username || url.password) return undefined;
  url.hash = '';
  return { url, site: url.pathname === '/' && url.search === '' };
}
