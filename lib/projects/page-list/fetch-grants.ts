import { browser, type Browser } from 'wxt/browser';

/**
 * How long before its fetch opened a grant still counts as the fetch's own: the page posts the opening
 * before it asks for access, but the browser may deliver the grant's event to the background first.
 */
const GRANT_LOOKBACK_MS = 10_000;

type Permissions = Pick<typeof Browser.permissions, 'remove' | 'onAdded'>;

/**
 * The temporary host access of Fetch sitemap, owned by the background. Which patterns a fetch's click
 * added is learnt from `permissions.onAdded` (the browser names only what was not held), never from
 * the page, so a late or missing answer cannot keep access. A fetch's `close` (done, failed, cancelled,
 * its page closed or its time up) gives back what its click added, unless another fetch still uses it:
 * then the last one to close gives it back. Made once, at the worker's start (a listener of its own).
 */
export function createFetchGrants(permissions: Permissions = browser.permissions, now = Date.now) {
  const addedAt = new Map<string, number>();
  const open = new Set<string[]>();
  permissions.onAdded.addListener(({ origins }) => origins?.forEach((origin) => addedAt.set(origin, now())));
  return {
    /** A fetch with access to `patterns` starts; the function it returns closes it (once). */
    open(patterns: string[]): () => Promise<void> {
      const since = now() - GRANT_LOOKBACK_MS;
      const fetch = [...patterns];
      open.add(fetch);
      return async () => {
        if (!open.delete(fetch)) return;
        for (const pattern of fetch) {
          if (!((addedAt.get(pattern) ?? -Infinity) >= since)) continue;
          // Still used: the last fetch to close gives it back, however late it started.
          if ([...open].some((other) => other.includes(pattern))) addedAt.set(pattern, Infinity);
          else {
            addedAt.delete(pattern);
            await permissions.remove({ origins: [pattern] }).catch(() => false);
          }
        }
      };
    },
  };
}

export type FetchGrants = ReturnType<typeof createFetchGrants>;
