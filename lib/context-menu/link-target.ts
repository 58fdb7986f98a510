import { PROJECT_NAME_MAX_LENGTH } from '../api/project-input';
import { cutAtWordEnd } from '../text/bounded-text';

/** Control characters (line breaks, tabs, NUL…) and runs of spaces become one space. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

/** `example.com/docs/page` for https://example.com/docs/page?x=1: what a reviewer recognises. */
export function hostAndPath(rawUrl: string): string {
  try {
    const url = new URL(rawUrl);
    if (!url.host) return rawUrl;
    return url.pathname === '/' ? url.host : `${url.host}${url.pathname}`;
  } catch {
    return rawUrl;
  }
}

/**
 * The project name for a link. Firefox reports the link's text (`linkText`); Chrome does not, and an
 * image link has none in either: then the address's host and path stand in. The one place that knows.
 */
export function nameForLink(linkUrl: string, linkText?: string): string {
  const text = cleanText(linkText ?? '');
  return cutAtWordEnd(text || cleanText(hostAndPath(linkUrl)), PROJECT_NAME_MAX_LENGTH);
}
