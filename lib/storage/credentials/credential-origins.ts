import type { ConnectionSettings, StoredCredentials } from '../connection/connection-schema';
import type { Credentials } from '../../secrets';
import { originOf } from '../../url/origin-of';

// A secret belongs to the origin it was entered for (design.md §7): these pure functions are the
// only place where stored secrets become usable ones, and where a save binds them to an origin.

type Addresses = Pick<ConnectionSettings, 'userGroupBaseUrl' | 'projectApiUrl'>;

/**
 * The secrets that may be used with these addresses: an API's secrets count only while its address
 * has the origin they were stored with; otherwise they are "not set".
 */
export function usableCredentials(stored: StoredCredentials, addresses: Addresses): Credentials {
  const userGroup = stored.userGroup.origin === originOf(addresses.userGroupBaseUrl);
  const project = stored.project.origin === originOf(addresses.projectApiUrl);
  return {
    apiToken: userGroup ? stored.userGroup.apiToken : '',
    apiKey: project ? stored.project.apiKey : '',
    authToken: project ? stored.project.authToken : '',
  };
}

/**
 * What a save stores. A typed secret (trimmed) replaces the stored one and is bound to its API's new
 * origin; a field left empty keeps the stored secret only if that API's origin did not change, so a
 * secret never follows its address to another origin.
 */
export function bindCredentials(stored: StoredCredentials, update: Addresses & Credentials): StoredCredentials {
  const kept = usableCredentials(stored, update);
  const typedOr = (typed: string, keep: string) => typed.trim() || keep;
  return {
    userGroup: { origin: originOf(update.userGroupBaseUrl), apiToken: typedOr(update.apiToken, kept.apiToken) },
    project: {
      origin: originOf(update.projectApiUrl),
      apiKey: typedOr(update.apiKey, kept.apiKey),
      authToken: typedOr(update.authToken, kept.authToken),
    },
  };
}

/** Version 1 to 2: the secrets are bound to the addresses configured when the upgrade runs, so none is lost. */
export function credentialsV1ToV2(v1: Credentials, addresses: Addresses): StoredCredentials {
  return {
    userGroup: { origin: originOf(addresses.userGroupBaseUrl), apiToken: v1.apiToken },
    project: { origin: originOf(addresses.projectApiUrl), apiKey: v1.apiKey, authToken: v1.authToken },
  };
}
