import { browser } from 'wxt/browser';
import { LOCK_KEY_KEY, LOCK_NEXT_KEY_KEY, LOCK_STATE_KEY } from '../lock/lock-keys';
import type { LockState } from '../lock/lock-schema';
import { registrySchema, type RegistryEntry } from '../registry/registry-schema';
import { dropKey, keyEntry, keyIfVerified, nextKeyEntry, readLockState, sessionKeys } from './keyring';
import { credentialsAtRestSchema, hasSecret, isSealed, sealWith, unsealWith } from './sealed-credentials';
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
// Each change is write-ahead. The next key goes into `session:` first (`lockKeyNext`); then one
// `storage.local.set` writes every local value recoded together with the new lock state; then the
// session-only values and the key switch. Whichever session key opens the stored verifier is the
// current one (keyring.ts), so a worker stopped anywhere in between reads consistent data, and
// finishPendingChange() completes the switch (or drops the next key when the local write never happened).

const CREDENTIALS = /^ws\.[^.]+\.credentials$/;
const REGISTRY_PART = /^ws\.[^.]+\.userGroups\.\d{3}$/;

type Values = Record<string, unknown>;

/** Every stored value that holds a secret, by key, in each area. */
async function storedSecrets(): Promise<{ local: Values; session: Values }> {
  const [local, session] = await Promise.all([browser.storage.local.get(null), browser.storage.session.get(null)]);
  const pick = (values: Values, pattern: RegExp) =>
    Object.fromEntries(Object.entries(values).filter(([name]) => pattern.test(name)));
  return {
    local: { ...pick(local, CREDENTIALS), ...pick(local, REGISTRY_PART) },
    session: pick(session, CREDENTIALS),
  };
}

/** A credentials value opened with `from` (clear as it is) and closed with `to`; undefined when it does not open. */
async function recodeCredentials(value: unknown, from?: CryptoKey, to?: CryptoKey): Promise<unknown> {
  const parsed = credentialsAtRestSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const clear = isSealed(parsed.data) ? from && (await unsealWith(from, parsed.data)) : parsed.data;
  if (!clear) return undefined;
  return to && hasSecret(clear) ? sealWith(to, clear) : clear;
}

/** A registry part with its tokens opened with `from` (clear as they are) and sealed with `to`. */
async function recodePart(name: string, value: unknown, from?: CryptoKey, to?: CryptoKey): Promise<unknown> {
  const parsed = registrySchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { groups, sealedTokens, revision } = parsed.data;
  const clear = sealedTokens ? from && (await openTokens(from, name, groups, sealedTokens)) : groups;
  if (!clear) return undefined;
  const stamp = revision === undefined ? {} : { revision };
  return to && clear.length > 0 ? { ...(await sealTokens(to, name, clear)), ...stamp } : { groups: clear, ...stamp };
}

/**
 * Every value given, recoded from `from` to `to` (undefined: clear). A value that does not open is
 * left out: it stays as stored (it was sealed with another key, or is unreadable and kept aside on read).
 */
async function recode(values: Values, from?: CryptoKey, to?: CryptoKey): Promise<Values> {
  // All at once: with 10,000 groups in 256 registry parts, one part after the other kept the crypto idle
  // between awaits (the bench's "Turn on protection" measure).
  const recoded = await Promise.all(
    Object.entries(values).map(
      async ([name, value]) =>
        [
          name,
          REGISTRY_PART.test(name) ? await recodePart(name, value, from, to) : await recodeCredentials(value, from, to),
        ] as const,
    ),
  );
  return Object.fromEntries(recoded.filter(([, next]) => next !== undefined));
}

async function importRaw(raw: string | undefined): Promise<CryptoKey | undefined> {
  const bytes = raw === undefined ? undefined : base64ToBytes(raw);
  return bytes?.length === 32 ? importAesKey(bytes) : undefined;
}

/** Seals every secret under a new key (turning the lock on: `from` undefined) or recodes from the old one. */
export async function switchKey(from: CryptoKey | undefined, next: LockKey, state: LockState): Promise<void> {
  await browser.storage.session.set(nextKeyEntry(next.raw));
  const stored = await storedSecrets();
  await browser.storage.local.set({ ...(await recode(stored.local, from, next.key)), [LOCK_STATE_KEY]: state });
  await browser.storage.session.set({ ...(await recode(stored.session, from, next.key)), ...keyEntry(next.raw) });
  await browser.storage.session.remove(LOCK_NEXT_KEY_KEY);
}

/** Turning the lock off: every secret in clear again, the state gone with the last write that needs it. */
export async function openEverything(from: CryptoKey): Promise<void> {
  const stored = await storedSecrets();
  await browser.storage.session.set(await recode(stored.session, from, undefined));
  // `null` in the same call as the clear values: never a moment with the state and clear secrets both missing.
  await browser.storage.local.set({ ...(await recode(stored.local, from, undefined)), [LOCK_STATE_KEY]: null });
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
