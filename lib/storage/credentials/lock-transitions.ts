import { browser } from 'wxt/browser';
import { LOCK_KEY_KEY, LOCK_NEXT_KEY_KEY, LOCK_STATE_KEY } from '../lock/lock-keys';
import type { LockState } from '../lock/lock-schema';
import { registrySchema, type RegistryEntry } from '../registry/registry-schema';
import { dropKey, keyEntry, keyIfVerified, nextKeyEntry, readLockState, sessionKeys } from './keyring';
import { credentialsAtRestSchema, hasSecret, isSealed, sealWith, unsealWith } from './sealed-credentials';
import type { StoredCredentials } from '../connection/connection-schema';
import { openTokens, sealTokens } from './sealed-tokens';
import type { LockKey } from './passphrase-key';
import { EMPTY_STORED_CREDENTIALS } from '../connection/connection-schema';
import { base64ToBytes } from '../../crypto/base64';
import { importAesKey } from '../../crypto/kdf';
import type { MessageRef } from '../../message-ref';

// Background only: the passphrase lock's changes to what is stored (lib/lock/lock-service.ts decides
// when; this writes). The lock covers the store, not a list: every stored credentials value (both
// areas) and every registry part, found by its key, whichever workspaces are listed today; one that a
// policy removed from the list, or an import added a moment ago, is sealed like the others.
//
// Each change is write-ahead. It may read the store (and open it with the old key) while the new key
// is derived, but writes nothing before the key is at hand: the next key goes into `session:` first
// (`lockKeyNext`); then one `storage.local.set` writes every local value recoded together with the new
// lock state; then the session-only values and the key switch. Whichever session key opens the stored
// verifier is the current one (keyring.ts), so a worker stopped anywhere in between reads consistent
// data, and finishPendingChange() completes the switch (or drops the next key when the local write
// never happened).

const CREDENTIALS = /^ws\.[^.]+\.credentials$/;
const REGISTRY_PART = /^ws\.[^.]+\.userGroups\.\d{3}$/;

type Values = Record<string, unknown>;

const holdsSecret = (name: string) => CREDENTIALS.test(name) || REGISTRY_PART.test(name);

type Area = typeof browser.storage.local;

/**
 * The values of an area whose keys match. Where the browser lists keys (`getKeys`: Chrome 130,
 * Firefox 143) only those values are read, not the whole area with the activity log and the histories.
 */
async function readMatching(area: Area, matches: (name: string) => boolean): Promise<Values> {
  const getKeys = (area as Area & { getKeys?: () => Promise<string[]> }).getKeys?.bind(area);
  const names = getKeys ? (await getKeys()).filter(matches) : undefined;
  if (names?.length === 0) return {};
  const values = await area.get(names ?? null);
  return Object.fromEntries(Object.entries(values).filter(([name]) => matches(name)));
}

/** Every stored value that holds a secret, by key, in each area, as stored. */
export interface StoredSecrets {
  local: Values;
  session: Values;
}

/**
 * Every stored value that holds a secret, by key, in each area. A change of the lock starts reading as
 * soon as it holds the credentials lane (which keeps every other write of a secret out), so that the
 * reading runs while the passphrase is derived (PBKDF2, off the worker's thread); nothing is written
 * before the key is at hand.
 */
export async function storedSecrets(): Promise<StoredSecrets> {
  const [local, session] = await Promise.all([
    readMatching(browser.storage.local, holdsSecret),
    readMatching(browser.storage.session, (name) => CREDENTIALS.test(name)),
  ]);
  return { local, session };
}

/** A stored secret opened: a credentials value in clear, or a registry part with its tokens in clear. */
type Opened =
  { part: false; clear: StoredCredentials } | { part: true; groups: RegistryEntry[]; stamp: { revision?: string } };

/** A stored value opened with `from` (clear as it is); undefined when it does not open or is unreadable. */
async function openValue(name: string, value: unknown, from?: CryptoKey): Promise<Opened | undefined> {
  if (REGISTRY_PART.test(name)) {
    const parsed = registrySchema.safeParse(value);
    if (!parsed.success) return undefined;
    const { groups, sealedTokens, revision } = parsed.data;
    const clear = sealedTokens ? from && (await openTokens(from, name, groups, sealedTokens)) : groups;
    return clear && { part: true, groups: clear, stamp: revision === undefined ? {} : { revision } };
  }
  const parsed = credentialsAtRestSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const clear = isSealed(parsed.data) ? from && (await unsealWith(from, parsed.data)) : parsed.data;
  return clear && { part: false, clear };
}

/** An opened value as stored under `to` (undefined: clear). */
async function closeValue(name: string, opened: Opened, to?: CryptoKey): Promise<unknown> {
  if (!opened.part) return to && hasSecret(opened.clear) ? sealWith(to, opened.clear) : opened.clear;
  if (!to || opened.groups.length === 0) return { groups: opened.groups, ...opened.stamp };
  return { ...(await sealTokens(to, name, opened.groups)), ...opened.stamp };
}

/**
 * Every value given, opened with `from`. A value that does not open is left out: it stays as stored
 * (it was sealed with another key, or is unreadable and kept aside on read). All at once: with 10,000
 * groups in 256 registry parts, one part after the other kept the crypto idle between awaits.
 */
async function openAll(values: Values, from?: CryptoKey): Promise<Map<string, Opened>> {
  const opened = await Promise.all(
    Object.entries(values).map(async ([name, value]) => [name, await openValue(name, value, from)] as const),
  );
  return new Map(opened.filter((entry): entry is [string, Opened] => entry[1] !== undefined));
}

/** Every opened value as stored under `to` (undefined: clear), all at once. */
async function closeAll(opened: ReadonlyMap<string, Opened>, to?: CryptoKey): Promise<Values> {
  return Object.fromEntries(
    await Promise.all([...opened].map(async ([name, value]) => [name, await closeValue(name, value, to)] as const)),
  );
}

/** Every value given, recoded from `from` to `to` (undefined: clear); one that does not open is left out. */
const recode = async (values: Values, from?: CryptoKey, to?: CryptoKey): Promise<Values> =>
  closeAll(await openAll(values, from), to);

async function importRaw(raw: string | undefined): Promise<CryptoKey | undefined> {
  const bytes = raw === undefined ? undefined : base64ToBytes(raw);
  return bytes?.length === 32 ? importAesKey(bytes) : undefined;
}

/**
 * Seals every secret under a new key (turning the lock on: `from` undefined) or recodes from the old
 * one. `next` may still be in derivation: meanwhile the store is read (`stored`, if the caller started
 * it earlier) and opened with `from`. The first write, the next key into `session:`, waits for both.
 */
export async function switchKey(
  from: CryptoKey | undefined,
  next: Promise<LockKey & { state: LockState }>,
  stored: Promise<StoredSecrets> = storedSecrets(),
): Promise<void> {
  const opening = stored.then(async ({ local, session }) => ({ local: await openAll(local, from), session }));
  const [key, opened] = await settleBoth(next, opening);
  await browser.storage.session.set(nextKeyEntry(key.raw));
  await browser.storage.local.set({ ...(await closeAll(opened.local, key.key)), [LOCK_STATE_KEY]: key.state });
  await browser.storage.session.set({ ...(await recode(opened.session, from, key.key)), ...keyEntry(key.raw) });
  await browser.storage.session.remove(LOCK_NEXT_KEY_KEY);
}

/** Both values; when one fails, the other is awaited too (no rejection left unobserved), then the failure thrown. */
async function settleBoth<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/**
 * Turning the lock off: every secret in clear again, the state gone with the last write that needs it.
 * `stored`: the store as read by the caller while it checked the passphrase, if it started reading.
 */
export async function openEverything(from: CryptoKey, stored: Promise<StoredSecrets> = storedSecrets()): Promise<void> {
  const { local, session } = await stored;
  await browser.storage.session.set(await recode(session, from, undefined));
  // `null` in the same call as the clear values: never a moment with the state and clear secrets both missing.
  await browser.storage.local.set({ ...(await recode(local, from, undefined)), [LOCK_STATE_KEY]: null });
  await dropKey();
  await browser.storage.local.remove(LOCK_STATE_KEY);
}

/** What forgetEverything would clear: how many credentials values hold a secret, how many tokens are sealed. */
export async function countSecrets(): Promise<{ credentials: number; tokens: number }> {
  const stored = await storedSecrets();
  let credentials = 0;
  let tokens = 0;
  for (const [name, value] of [...Object.entries(stored.local), ...Object.entries(stored.session)]) {
    if (REGISTRY_PART.test(name)) {
      const part = registrySchema.safeParse(value);
      if (part.success && part.data.sealedTokens) tokens += part.data.groups.length;
      continue;
    }
    const parsed = credentialsAtRestSchema.safeParse(value);
    if (parsed.success && (isSealed(parsed.data) || hasSecret(parsed.data))) credentials += 1;
  }
  return { credentials, tokens };
}

/**
 * A forgotten passphrase: every secret is cleared (API credentials of every workspace; the sealed
 * tokens, which no one can open now, each group flagged with `lost` so that Retry rotation learns its
 * current token from the service), and the lock turns off. Answers how many of each were cleared.
 */
export async function forgetEverything(lost: MessageRef, at: string): Promise<{ credentials: number; tokens: number }> {
  const stored = await storedSecrets();
  let credentials = 0;
  let tokens = 0;
  const cleared = (values: Values): Values => {
    const out: Values = {};
    for (const [name, value] of Object.entries(values)) {
      if (REGISTRY_PART.test(name)) {
        const part = registrySchema.safeParse(value);
        if (!part.success || !part.data.sealedTokens) continue;
        const flagged = part.data.groups.map((group): RegistryEntry => ({
          ...group,
          token: '',
          rotation: { state: 'unknown', since: at, message: lost },
        }));
        tokens += flagged.length;
        out[name] = { groups: flagged, ...(part.data.revision !== undefined && { revision: part.data.revision }) };
        continue;
      }
      const parsed = credentialsAtRestSchema.safeParse(value);
      if (parsed.success && (isSealed(parsed.data) || hasSecret(parsed.data))) credentials += 1;
      out[name] = EMPTY_STORED_CREDENTIALS;
    }
    return out;
  };
  await browser.storage.session.set(cleared(stored.session));
  await browser.storage.local.set({ ...cleared(stored.local), [LOCK_STATE_KEY]: null });
  await dropKey();
  await browser.storage.local.remove(LOCK_STATE_KEY);
  return { credentials, tokens };
}

/**
 * At the worker's start: a change of key stopped midway is finished (the local write happened: the
 * session-only values are recoded to the next key, which becomes the key) or rolled back (it did not:
 * the next key is dropped).
 */
export async function finishPendingChange(): Promise<void> {
  const keys = await sessionKeys();
  if (keys.next === undefined) return;
  const state = await readLockState();
  const next = state && (await keyIfVerified(keys.next, state));
  if (!next) {
    await browser.storage.session.remove(LOCK_NEXT_KEY_KEY);
    return;
  }
  const previous = await importRaw(keys.current);
  const stored = await storedSecrets();
  const session = await recode(stored.session, previous, next);
  await browser.storage.session.set({ ...session, [LOCK_KEY_KEY]: keys.next });
  await browser.storage.session.remove(LOCK_NEXT_KEY_KEY);
}
