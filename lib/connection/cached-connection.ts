import { browser } from 'wxt/browser';
import { LOCK_KEY_KEY } from '../storage/lock/lock-keys';
import type { Result } from '../result';
import { scopedName, type KeyScope } from '../storage/workspace-keys';
import type { Api, Connection, ConnectionRepository } from './connection-repository';
import { CREDENTIALS_STORAGE_NAME } from '../storage/credentials/credentials-keys';

/**
 * repository.require for a loop that needs the connection before every request (bulk create): read
 * once, then again only after the workspace's settings, its credentials or the granted permissions
 * changed, so that a row costs no storage or permission reads. A change made during a job still
 * applies from the next row on. Only a usable connection is kept; a failure is checked afresh.
 */
export function createCachedConnection(
  scope: KeyScope,
  repository: Pick<ConnectionRepository, 'require'>,
  api: Api,
): () => Promise<Result<Connection>> {
  /** storage keys (in `local` and `session`) whose change can change the connection; the lock's key going locks it. */
  const keys = [scopedName(scope, 'connectionSettings'), scopedName(scope, CREDENTIALS_STORAGE_NAME), LOCK_KEY_KEY];
  let cached: Promise<Result<Connection>> | undefined;
  const forget = () => {
    cached = undefined;
  };
  browser.storage.onChanged.addListener((changes) => {
    if (keys.some((key) => key in changes)) forget();
  });
  browser.permissions.onAdded.addListener(forget);
  browser.permissions.onRemoved.addListener(forget);

  return () => {
    if (cached) return cached;
    const reading = repository.require(api);
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
