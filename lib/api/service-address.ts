export type UrlField = 'userGroupBaseUrl' | 'projectApiUrl';

/**
 * The hosts plain http may use. Exactly the loopback origins of `optional_host_permissions` in
 * wxt.config.ts: an address accepted here must be one the browser can grant.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/** Whether plain http may reach this host (a URL's `hostname`): this computer only. */
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOSTS.has(hostname);

/**
 * IPv6 loopback (`[::1]`, however it is spelled: the URL parser normalises it) is refused rather than
 * supported: no permission the extension declares names it, so saving it could only end in
 * "access not granted". 127.0.0.1 and localhost reach the same service.
 */
const IPV6_LOOPBACK = '[::1]';

/** Why an address is refused: the page says it in the user's language (url-problem-text.ts). */
export type UrlProblem =
  'empty' | 'malformed' | 'ipv6-loopback' | 'plain-http' | 'not-https' | 'user-info' | 'query' | 'fragment';

/**
 * A service address the extension may call: https, or plain http on this computer only; no query,
 * fragment or embedded user name. Returns the normalised URL (no trailing slash) or the problem.
 */
export function checkServiceUrl(raw: string): { ok: true; url: string } | { ok: false; problem: UrlProblem } {
  const refused = (problem: UrlProblem) => ({ ok: false as const, problem });
  const text = raw.trim();
  if (!text) return refused('empty');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused('malformed');
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === IPV6_LOOPBACK)
    return refused('ipv6-loopback');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return refused('plain-http');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refused('not-https');
  if (url.username || url.password) return refused('user-info');
  if (url.search || text.includes('?')) return refused('query');
  if (url.hash || text.includes('#')) return refused('fragment');
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** The host permission pattern for a service URL; ports are left out because match patterns ignore them. */
export function hostPermissionPattern(url: string): string {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
}
