import { decryptText, encryptText } from '../../crypto/aes-gcm';
import { sealedCredentialsSchema } from '../lock/lock-schema';
import { SEALED_TOKENS_AAD } from '../lock/lock-keys';
import { CORRUPT_COPY_PREFIX, type KeepCopy } from '../validated-item';
import { currentKey, readLockState } from './keyring';

// Background only: the copies of registry values kept aside because they could not be read
// (validated-item.ts, `corrupt:<name>:<time>`). A copy of a token key, of a part, of the one-value
// registry of version 1 or of a workspace's rotation results may hold tokens in clear: the lock seals it like the token keys (one AES-GCM
// envelope of its JSON, bound to the copy's storage name) and opens it again when turned off;
// forgetting every secret and deleting its workspace remove it.

/**
 * The name of a copy of a registry value: its token key, a part, the one-value registry of version 1
 * (and the registry's index and unsettled creates, which hold no secret but are sealed alike), or of
 * a workspace's rotation results (rotation-results-store.ts).
 */
export const REGISTRY_COPY_PATTERN = /^corrupt:(ws\.[^.]+\.)?(userGroup|rotationResults)/;

/** The tokens' additional data, then the copy's name (`corrupt:…`, never a part's): it opens as nothing else. */
const aad = (copyName: string) => new TextEncoder().encode(`${SEALED_TOKENS_AAD}${copyName}`);

/** A copy as the lock stores it: `{ sealed }`, as a sealed credentials value, bound to the copy's name. */
export async function sealCopy(key: CryptoKey, copyName: string, value: unknown): Promise<unknown> {
  return { sealed: await encryptText(key, JSON.stringify(value ?? null), { aad: aad(copyName) }) };
}

/** A copy as it was kept: opened with `key` when sealed; undefined when it does not open. */
export async function openCopy(
  copyName: string,
  value: unknown,
  key: CryptoKey | undefined,
): Promise<{ value: unknown } | undefined> {
  const sealed = sealedCredentialsSchema.safeParse(value);
  if (!sealed.success) return { value };
  if (!key) return undefined;
  const opened = await decryptText(key, sealed.data.sealed, aad(copyName));
  return opened.ok ? { value: JSON.parse(opened.value) as unknown } : undefined;
}

/**
 * How the registry's reader keeps a copy: sealed while the lock is on and open. (While it is closed,
 * what the lock sealed is stored sealed already, and a part holds no secret: the copy is kept as read.)
 */
export const KEEP_REGISTRY_COPY: KeepCopy = {
  keepCorruptCopy: true,
  seal: async (copyName, value) => {
    const key = (await readLockState()) ? await currentKey() : undefined;
    return key ? sealCopy(key, copyName, value) : value;
  },
};

/** The names among `names` of the copies kept aside of a workspace's values (`scope`: `ws.<id>.`). */
export const copiesOfScope = (names: readonly string[], scope: string): string[] =>
  scope === '' ? [] : names.filter((name) => name.startsWith(`${CORRUPT_COPY_PREFIX}${scope}`));
