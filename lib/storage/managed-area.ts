import { browser } from 'wxt/browser';
import { watchKeys } from './watch-item';

// The organisation's policy as the browser holds it: `storage.managed`, read-only, filled by Chrome from
// its policy files (the schema in the manifest) and by Firefox from policies.json. Background only: what
// it applied is `local:managedPolicy` (policy-status.ts), which the pages read.

/**
 * Everything the managed area holds. A getter, not a value read at load: `storage.managed` is missing
 * in some contexts, and Firefox rejects when no policy names this extension (lib/policy/read-policy.ts
 * reads both as no policy).
 */
export const readManagedArea = (): Promise<unknown> => browser.storage.managed.get();

/**
 * Calls back when an administrator changes the policy while the browser runs (Chrome reports it as a
 * change of the `managed` area; Firefox reads policies only at start-up). Read the policy again then,
 * rather than the event's values, which hold only the changed keys.
 */
export const watchManagedArea = (callback: () => void): (() => void) =>
  watchKeys((_key, area) => area === 'managed', callback);
