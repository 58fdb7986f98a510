import type { Result } from '../result';
import { LOCK_STATE_KEY } from '../storage/lock/lock-keys';
import { STORAGE_NOTICES_KEY } from '../storage/notices-item';
import { MANAGED_POLICY_KEY } from '../storage/policy-status';
import { scopedName, type KeyScope } from '../storage/workspace-keys';
import { createWatchedCache, type WatchedCache } from '../storage/watched-cache';
import type { AffectedBy } from '../storage/watch-item';
import { CREDENTIALS_STORAGE_NAME } from '../storage/credentials/credentials-keys';
import type { Api, Connection, ConnectionRepository } from './connection-repository';
import type { ConnectionStatus } from './connection-status';

/**
 * The storage changes that can change one workspace's connection or its status: its settings, its
 * secrets (either area, with their versions), its project link, the lock (its state in `local`, its
 * key in `session`: any change in `session` counts), the storage notices and the organisation's policy.
 * A change elsewhere (a registry part, the history, the activity log, a job) keeps what was read.
 */
export function affectsConnection(scope: KeyScope): AffectedBy {
  const own = [
    scopedName(scope, 'connectionSettings'),
    scopedName(scope, CREDENTIALS_STORAGE_NAME),
    scopedName(scope, 'projectLink'),
  ];
  const shared = [LOCK_STATE_KEY, STORAGE_NOTICES_KEY, MANAGED_POLICY_KEY];
  return (key, area) =>
    area !== 'local' ||
    own.some((name) => key.startsWith(name)) ||
    shared.some((name) => key === name || key === `${name}$`);
}

/**
 * repository.require for a path that needs the connection before every request (bulk create, the
 * popup's Create project): read once, then again only after the workspace's settings, its credentials,
 * the lock or the granted permissions changed, so that a request costs no storage or permission reads.
 * A change made during a job still applies from the next row on. Only a usable connection is kept; a
 * failure is checked afresh.
 */
export function createCachedConnection(
  scope: KeyScope,
  repository: Pick<ConnectionRepository, 'require'>,
  api: Api,
): () => Promise<Result<Connection>> {
  const cache = createWatchedCache(() => repository.require(api), {
    affectedBy: affectsConnection(scope),
    permissions: true,
    keep: (result) => result.ok,
  });
  return cache.get;
}

/**
 * A workspace's connection status (what pages may know: never a secret) kept like the connection:
 * the popup's every opening asks for it, and it changes only with what affectsConnection names or
 * the granted permissions. A failure is not kept.
 */
export function createCachedStatus(
  scope: KeyScope,
  status: () => Promise<Result<ConnectionStatus>>,
): WatchedCache<Result<ConnectionStatus>> {
  return createWatchedCache(status, {
    affectedBy: affectsConnection(scope),
    permissions: true,
    keep: (result) => result.ok,
  });
}
