import { parsePolicy } from './parse-policy';
import { EMPTY_POLICY, type ParsedPolicy } from './policy-schema';

/**
 * Reads the managed storage area: in the extension lib/storage/managed-area.ts `readManagedArea`.
 * Injected so that tests, and contexts without the API, need no browser.
 */
export type GetManaged = () => Promise<unknown>;

/**
 * The organisation policy, parsed. "No policy" is the normal case and is never an error: Firefox
 * rejects `storage.managed.get()` when no policy names this extension, `storage.managed` is missing
 * in some contexts (so the getter throws before it returns a promise), and Chrome answers `{}`. All
 * of them give the empty policy. The rejection itself is not kept: it says nothing an admin can act
 * on, and a policy that is there but wrong comes back as problems instead.
 */
export async function readPolicy(getManaged: GetManaged | undefined): Promise<ParsedPolicy> {
  if (!getManaged) return EMPTY_POLICY;
  let raw: unknown;
  try {
    raw = await getManaged();
  } catch {
    return EMPTY_POLICY;
  }
  return parsePolicy(raw);
}
