import { parsePolicy } from './parse-policy';
import { EMPTY_POLICY, type ParsedPolicy } from './policy-schema';

/**
 * Reads the managed storage area: in the extension `() => browser.storage.managed.get()`. Injected so
 * that tests, and contexts without the API, need no browser.
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

/**
 * Whether a `storage.onChanged` event is about the policy: an administrator changed it while the
 * browser ran (Chrome reports it like this; Firefox reads policies only at start-up). Read the
 * policy again on it rather than using the event's values, which hold only the changed keys.
 */
export function isPolicyChange(areaName: string): boolean {
  return areaName === 'managed';
}
