import { browser } from 'wxt/browser';
import { watchKeys, type AffectedBy } from './watch-item';

export interface WatchedCacheOptions<T> {
  /** Whether a change of this key, in this area, can change the value: then it is read again. */
  affectedBy: AffectedBy;
  /** The value also depends on the granted permissions (host access): a grant or a revocation forgets it. */
  permissions?: boolean;
  /** Whether to keep a value once read (a failure is usually checked afresh). Kept by default. */
  keep?: (value: T) => boolean;
}

export interface WatchedCache<T> {
  /** The kept value, or a new read (callers that arrive during a read share it). */
  get: () => Promise<T>;
  /** Drops the kept value: the next get reads again. */
  forget: () => void;
}

/** What every cache of this context checks its kept value against: raised, it drops them all at once. */
let generation = 0;

/**
 * Drops every watched cache of this context at once. For changes whose storage event may come later
 * than a request that follows them (a lock transition); storage and permission events do it by themselves.
 */
export function forgetWatchedCaches(): void {
  generation += 1;
}

/**
 * A value read from storage (and permissions) kept in memory until something it depends on changes:
 * `storage.onChanged` for the keys it names, `permissions.onAdded/onRemoved` when asked. A change
 * during a read drops that read too, so a value read across a change is never kept. Never throws more
 * than `read` does; a rejected read is not kept.
 */
export function createWatchedCache<T>(read: () => Promise<T>, options: WatchedCacheOptions<T>): WatchedCache<T> {
  const { affectedBy, permissions = false, keep = () => true } = options;
  let cached: { value: Promise<T>; generation: number } | undefined;
  const forget = () => {
    cached = undefined;
  };
  watchKeys(affectedBy, forget);
  if (permissions) {
    browser.permissions.onAdded.addListener(forget);
    browser.permissions.onRemoved.addListener(forget);
  }

  return {
    forget,
    get() {
      if (cached && cached.generation === generation) return cached.value;
      const reading = read();
      const entry = { value: reading, generation };
      cached = entry;
      const drop = () => {
        if (cached === entry) forget();
      };
      void reading.then((value) => {
        if (!keep(value)) drop();
      }, drop);
      return reading;
    },
  };
}
