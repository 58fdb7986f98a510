import { browser } from 'wxt/browser';
import type { Result } from '../result';
import type { Connection } from './connection-repository';
import { requireConnection } from './require-connection';

/** storage keys (in `local` and `session`) whose change can change the connection. */
const CONNECTION_KEYS = ['connectionSettings', 'credentials'];

/**
 * requireConnection for a loop that needs the connection before every request (bulk create): read
 * once, then again only after the settings, the credentials or the granted permissions changed, so
 * that a row costs no storage or permission reads. A change made during a job still applies from the
 * next row on. Only a usable connection is kept; a failure is checked afresh on the next call.
 */
export function createCachedConnection(api: 'project' | 'userGroup'): () => Promise<Result<Connection>> {
  let cached: Promise<Result<Connection>> | undefined;
  const forget = () => {
    cached = undefined;
  };
  browser.storage.onChanged.addListener((changes) => {
    if (CONNECTION_KEYS.some((key) => key in changes)) forget();
  });
  browser.permissions.onAdded.addListener(forget);
  browser.permissions.onRemoved.addListener(forget);

  return () => {
    if (cached) return cached;
    const reading = requireConnection(api);
    cached = reading;
    const drop = () => {
      if (cached === reading) forget();
    };
    void reading.then((result) => {
      if (!result.ok) drop();
    }, drop);
    return reading;
  };
}
