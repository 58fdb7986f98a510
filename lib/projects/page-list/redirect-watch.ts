import { browser, type Browser } from 'wxt/browser';
import type { LocationOf } from './follow-redirects';

/** How long a redirect's Location may come after its answer: webRequest and the background's answer reach the page apart, in either order. */
const LOCATION_WAIT_MS = 2_000;

type HeadersEvent = Pick<typeof Browser.webRequest.onHeadersReceived, 'addListener' | 'removeListener'>;

/**
 * Reads the Location of the redirects answered on `patterns` while a fetch runs, in the page, through
 * a non-blocking webRequest listener: Chrome and Firefox tell an extension page of the requests its
 * background makes (the permission is held from install: Chromium fires no event for one granted
 * later). Without the API a redirect is not followed. `stop` removes the listener.
 */
export function watchRedirects(
  patterns: string[],
  event: HeadersEvent | null = browser.webRequest?.onHeadersReceived ?? null,
): { locationOf: LocationOf; stop: () => void } {
  const seen = new Map<string, string>();
  const waiting = new Map<string, (location: string) => void>();
  const listener = ({ url, responseHeaders }: Browser.webRequest.OnHeadersReceivedDetails): undefined => {
    const location = responseHeaders?.find((header) => header.name.toLowerCase() === 'location')?.value;
    if (location === undefined) return;
    seen.set(url, location);
    waiting.get(url)?.(location);
  };
  event?.addListener(listener, { urls: patterns }, ['responseHeaders']);
  return {
    locationOf: (url) =>
      new Promise((resolve) => {
        if (!event) return resolve(undefined);
        const done = (location?: string) => {
          clearTimeout(timer);
          waiting.delete(url);
          seen.delete(url);
          resolve(location);
        };
        const timer = setTimeout(done, LOCATION_WAIT_MS);
        waiting.set(url, done);
        const known = seen.get(url);
        if (known !== undefined) done(known);
      }),
    stop: () => event?.removeListener(listener),
  };
}
