import { browser } from 'wxt/browser';
import { LOCK_NEXT_KEY_KEY, LOCK_STATE_KEY } from '../lock/lock-keys';
import type { LockState } from '../lock/lock-schema';
import { storedPartSchema, type StoredEntry } from '../registry/registry-schema';
import {
  partNameOfTokens,
  REGISTRY_FORMAT_NAME,
  REGISTRY_PART_PATTERN,
  REGISTRY_TOKENS_PATTERN,
} from '../registry/registry-parts';
import type { KeyScope } from '../workspace-keys';
import { dropKey, keyEntry, keyEntryOf, keyIfVerified, nextKeyEntry, readLockState, sessionKeys } from './keyring';
import { removeFromArea, writeArea } from '../area-write';
import { credentialsAtRestSchema, hasSecret, isSealed, sealWith, unsealWith } from './sealed-credentials';
import type { StoredCredentials } from '../connection/connection-schema';
import {
  clearSecretsValue,
  openStoredSecrets,
  partTokensSchema,
  storedSecretsValue,
  type PartSecrets,
  type Stamp,
} from './part-tokens';
import { moveTokensOutOfParts } from './registry-tokens-migration';
import { moveExtraIntoTokenKeys } from './extra-migration';
import { openCopy, REGISTRY_COPY_PATTERN, sealCopy } from './kept-copies';
import {
  ROTATION_RESULTS_PATTERN,
  storedRotationResultsSchema,
  type StoredRotationResults,
} from './rotation-results-store';
import type { LockKey } from './passphrase-key';
import { EMPTY_STORED_CREDENTIALS } from '../connection/connection-schema';
import { base64ToBytes } from '../../crypto/base64';
import { importAesKey } from '../../crypto/kdf';
import type { MessageRef } from '../../message-ref';

// Background only: the passphrase lock's changes to what is stored (lib/lock/lock-service.ts decides
// when; this writes). The lock covers the store, not a list: every stored credentials value (both
// areas), every registry part's tokens and extra fields (its token key, part-tokens.ts: the parts
// themselves hold neither and are not written), every workspace's rotation results' tokens
// (rotation-results-store.ts) and every copy of a registry value kept aside (kept-copies.ts), found by its key, whichever workspaces are listed today; one that a policy removed
// from the list, or an import added a moment ago, is sealed like the others. A workspace whose
// registry is still in format v2 (tokens in the parts), or whose parts still hold extra fields, is
// migrated first.
//
// Each change is write-ahead. It may read the store (and open it with the old key) while the new key
// is derived, but writes nothing before the key is at hand: the next key goes into `session:` first
// (`lockKeyNext`); then one `storage.local.set` writes every local value recoded together with the new
// lock state; then the session-only values and the key switch. Whichever session key opens the stored
// verifier is the current one (keyring.ts), so a worker stopped anywhere in between reads consistent
// data, and finishPendingChange() completes the switch (or drops the next key when the local write
// never happened).

const CREDENTIALS = /^ws\.[^.]+\.credentials$/;
const TOKENS = REGISTRY_TOKENS_PATTERN;
const RESULTS = ROTATION_RESULTS_PATTERN;

type Values = Record<string, unknown>;

const COPY = REGISTRY_COPY_PATTERN;

const holdsSecret = (name: string) =>
  CREDENTIALS.test(name) || TOKENS.test(name) || RESULTS.test(name) || COPY.test(name);

type Area = typeof browser.storage.local;

/** The names an area holds where the browser lists them (`getKeys`: Chrome 130, Firefox 143). */
async function namesOf(area: Area): Promise<string[] | undefined> {
  const getKeys = (area as Area & { getKeys?: () => Promise<string[]> }).getKeys?.bind(area);
  return getKeys ? getKeys() : undefined;
}

/**
 * The values of an area whose keys match. Where the browser lists keys only those values are read, not
 * the whole area with the activity log and the histories.
 */
async function readMatching(area: Area, matches: (name: string) => boolean): Promise<Values> {
  const names = (await namesOf(area))?.filter(matches);
  if (names?.length === 0) return {};
  const values = await area.get(names ?? null);
  return Object.fromEntries(Object.entries(values).filter(([name]) => matches(name)));
}

/**
 * Every workspace whose registry parts are stored without the format mark (format v2: tokens in the
 * parts) is migrated, and every part that still holds its groups' extra fields gives them to its token
 * key (extra-migration.ts: while the lock is off, or open), so that what the lock must seal is all in
 * token keys. Reads every part of every workspace: only when the lock changes.
 */
async function migrateRegistries(): Promise<void> {
  const names = (await namesOf(browser.storage.local)) ?? Object.keys(await browser.storage.local.get(null));
  const marked = new Set(names.filter((name) => name.endsWith(`.${REGISTRY_FORMAT_NAME}`)));
  const scopes = new Set<KeyScope>();
  for (const name of names)
    if (REGISTRY_PART_PATTERN.test(name)) scopes.add(name.slice(0, name.indexOf('.userGroups.') + 1) as KeyScope);
  for (const scope of scopes) {
    if (!marked.has(`${scope}${REGISTRY_FORMAT_NAME}`)) await moveTokensOutOfParts(scope);
    await moveExtraIntoTokenKeys(scope);
  }
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
  await migrateRegistries();
  const [local, session] = await Promise.all([
    readMatching(browser.storage.local, holdsSecret),
    readMatching(browser.storage.session, (name) => CREDENTIALS.test(name)),
  ]);
  return { local, session };
}

/**
 * A stored secret opened: a credentials value in clear, a registry part's tokens and extra fields in
 * clear, a workspace's rotation results with their tokens in clear (`rest`: the list and its dates),
 * or a copy kept aside as it was kept.
 */
type Opened =
  | { kind: 'credentials'; clear: StoredCredentials }
  | { kind: 'part'; secrets: PartSecrets; stamp: Stamp }
  | { kind: 'results'; secrets: PartSecrets; rest: Omit<StoredRotationResults, 'tokens'> }
  | { kind: 'copy'; value: unknown };

/** A stored value opened with `from` (clear as it is); undefined when it does not open or is unreadable. */
async function openValue(name: string, value: unknown, from?: CryptoKey): Promise<Opened | undefined> {
  if (COPY.test(name)) {
    const opened = await openCopy(name, value, from);
    return opened && { kind: 'copy', value: opened.value };
  }
  if (RESULTS.test(name)) {
    const parsed = storedRotationResultsSchema.safeParse(value);
    if (!parsed.success) return undefined;
    const { tokens, ...rest } = parsed.data;
    // Bound to the results' own name, as rotation-results-store.ts seals them.
    const opened = await openStoredSecrets(tokens, name, from);
    return opened && { kind: 'results', secrets: opened.secrets, rest };
  }
  if (TOKENS.test(name)) {
    const opened = await openStoredSecrets(value, partNameOfTokens(name), from);
    return opened && { kind: 'part', ...opened };
  }
  const parsed = credentialsAtRestSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const clear = isSealed(parsed.data) ? from && (await unsealWith(from, parsed.data)) : parsed.data;
  return clear && { kind: 'credentials', clear };
}

/** An opened value as stored under `to` (undefined: clear). */
async function closeValue(name: string, opened: Opened, to?: CryptoKey): Promise<unknown> {
  if (opened.kind === 'copy') return to ? sealCopy(to, name, opened.value) : opened.value;
  if (opened.kind === 'credentials') return to && hasSecret(opened.clear) ? sealWith(to, opened.clear) : opened.clear;
  if (opened.kind === 'results')
    return { ...opened.rest, tokens: await storedSecretsValue(opened.secrets, {}, name, to) };
  return storedSecretsValue(opened.secrets, opened.stamp, partNameOfTokens(name), to);
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
  await writeArea('session', nextKeyEntry(key.raw));
  await writeArea('local', { ...(await closeAll(opened.local, key.key)), [LOCK_STATE_KEY]: key.state });
  await writeArea('session', { ...(await recode(opened.session, from, key.key)), ...keyEntry(key.raw) });
  await removeFromArea('session', LOCK_NEXT_KEY_KEY);
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
  await writeArea('session', await recode(session, from, undefined));
  // `null` in the same call as the clear values: never a moment with the state and clear secrets both missing.
  await writeArea('local', { ...(await recode(local, from, undefined)), [LOCK_STATE_KEY]: null });
  await dropKey();
  await removeFromArea('local', LOCK_STATE_KEY);
}

/** The token keys among the values whose tokens are sealed, with how many tokens each seals. */
async function sealedTokenCounts(
  values: Values,
): Promise<Map<string, { part: string; groups: StoredEntry[]; revision?: string | undefined }>> {
  const sealed = Object.entries(values).filter(
    ([name, value]) => TOKENS.test(name) && partTokensSchema.safeParse(value).data?.sealed !== undefined,
  );
  if (sealed.length === 0) return new Map();
  // Only the parts of sealed tokens are read: their groups are what a forgotten passphrase loses.
  const partNames = sealed.map(([name]) => partNameOfTokens(name));
  const parts = await browser.storage.local.get(partNames);
  return new Map(
    sealed.map(([name]) => {
      const part = partNameOfTokens(name);
      const parsed = storedPartSchema.safeParse(parts[part]);
      return [name, { part, groups: parsed.success ? parsed.data.groups : [], revision: parsed.data?.revision }];
    }),
  );
}

/** What forgetEverything would clear: how many credentials values hold a secret, how many tokens are sealed. */
export async function countSecrets(): Promise<{ credentials: number; tokens: number }> {
  const stored = await storedSecrets();
  let credentials = 0;
  let tokens = 0;
  for (const { groups } of (await sealedTokenCounts(stored.local)).values()) tokens += groups.length;
  for (const [name, value] of [...Object.entries(stored.local), ...Object.entries(stored.session)]) {
    if (TOKENS.test(name) || COPY.test(name)) continue;
    const parsed = credentialsAtRestSchema.safeParse(value);
    if (parsed.success && (isSealed(parsed.data) || hasSecret(parsed.data))) credentials += 1;
  }
  return { credentials, tokens };
}

/**
 * A forgotten passphrase: every secret is cleared (API credentials of every workspace; the sealed
 * tokens, which no one can open now, each of their groups flagged with `lost` in its part so that Retry
 * rotation learns its current token from the service; the copies of registry values kept aside), and
 * the lock turns off. Answers how many credentials and tokens were cleared.
 */
export async function forgetEverything(lost: MessageRef, at: string): Promise<{ credentials: number; tokens: number }> {
  const stored = await storedSecrets();
  const sealedParts = await sealedTokenCounts(stored.local);
  let credentials = 0;
  let tokens = 0;
  const cleared = (values: Values): Values => {
    const out: Values = {};
    for (const [name, value] of Object.entries(values)) {
      if (COPY.test(name)) continue;
      if (RESULTS.test(name)) {
        // Sealed, the results' tokens are lost with the passphrase: the list goes with them (each
        // group's own token, in the registry, is flagged below). In clear they stay.
        if (storedRotationResultsSchema.safeParse(value).data?.tokens.sealed)
          out[name] = { results: [], tokens: clearSecretsValue({ tokens: {}, extra: {} }) };
        continue;
      }
      if (TOKENS.test(name)) {
        const sealed = sealedParts.get(name);
        if (!sealed) continue;
        const revision = partTokensSchema.safeParse(value).data?.revision;
        const flagged = sealed.groups.map((group): StoredEntry => ({
          ...group,
          rotation: { state: 'unknown', since: at, message: lost },
        }));
        tokens += flagged.length;
        out[name] = clearSecretsValue({ tokens: {}, extra: {} }, revision === undefined ? {} : { revision });
        out[sealed.part] = { groups: flagged, ...(sealed.revision !== undefined && { revision: sealed.revision }) };
        continue;
      }
      const parsed = credentialsAtRestSchema.safeParse(value);
      if (parsed.success && (isSealed(parsed.data) || hasSecret(parsed.data))) credentials += 1;
      out[name] = EMPTY_STORED_CREDENTIALS;
    }
    return out;
  };
  await removeFromArea(
    'local',
    Object.keys(stored.local).filter((name) => COPY.test(name)),
  );
  await writeArea('session', cleared(stored.session));
  await writeArea('local', { ...cleared(stored.local), [LOCK_STATE_KEY]: null });
  await dropKey();
  await removeFromArea('local', LOCK_STATE_KEY);
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
    await removeFromArea('session', LOCK_NEXT_KEY_KEY);
    return;
  }
  const previous = await importRaw(keys.current);
  const stored = await storedSecrets();
  const session = await recode(stored.session, previous, next);
  await writeArea('session', { ...session, ...keyEntryOf(keys.next) });
  await removeFromArea('session', LOCK_NEXT_KEY_KEY);
}
