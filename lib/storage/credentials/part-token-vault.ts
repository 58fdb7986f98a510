import type { CipherEnvelope } from '../../crypto/aes-gcm';
import { watchLock } from '../lock/watch-lock';
import { registryTokensKey } from '../registry/registry-parts';
import { groupKey, type RegistryEntry } from '../registry/registry-schema';
import type { OpenedParts, TokenVault } from '../registry/token-vault';
import { watchKeys } from '../watch-item';
import { scopedName, type KeyScope } from '../workspace-keys';
import { currentKey, readLockState } from './keyring';
import {
  openPartSecrets,
  partStorageName,
  sameSecrets,
  secretsOf,
  storedSecretsValue,
  withSecrets,
} from './part-tokens';
import { loadRegistryParts } from './registry-load';
import { moveExtraIntoTokenKeys } from './extra-migration';
import { CredentialsLockedError } from './sealed-credentials';

/**
 * The credentials gate's vault of one workspace's group tokens and the groups' extra fields (each
 * registry part's in its own key, part-tokens.ts): in clear while the passphrase lock is off; while it
 * is on, sealed at rest, opened with the lock's key when read and sealed again when written. Locked,
 * the tokens read as '' and a change may only touch what is not a token (the envelope is kept); one
 * that stores a token or extra fields throws CredentialsLockedError.
 */
export function createPartTokenVault(scope: KeyScope): TokenVault {
  const partName = (index: number) => partStorageName(scope, index);

  return {
    async load(revision) {
      let stored = await loadRegistryParts(scope, revision);
      // Extra fields still in parts (stored before they joined the tokens) move now, if the lock allows.
      if (stored.extraInParts && (await moveExtraIntoTokenKeys(scope)))
        stored = await loadRegistryParts(scope, revision);
      if (stored.sealed.size === 0) return stored;
      const key = await currentKey();
      const parts = [...stored.parts];
      const sealed = new Map<number, CipherEnvelope>();
      for (const [index, envelope] of stored.sealed) {
        const opened = key && (await openPartSecrets(key, partName(index), envelope));
        if (opened) parts[index] = withSecrets(parts[index] ?? [], opened);
        else sealed.set(index, envelope);
      }
      if (key && sealed.size > 0)
        console.warn('Review Companion: sealed tokens did not open with the lock key; they are kept as they are.');
      return { parts, sealed, current: stored.current };
    },

    /**
     * Clear while the lock is off; sealed with the key while it is open. Locked (or its envelope
     * unreadable), only a part whose tokens are all unknown ('') and whose groups hold no extra fields
     * can be written, keeping its envelope.
     */
    async store(index: number, groups: readonly RegistryEntry[], current: OpenedParts, stamp: string) {
      const key = registryTokensKey(scope, index);
      const secrets = secretsOf(groups);
      const envelope = current.sealed.get(index);
      const lockOn = (await readLockState()) !== undefined;
      const lockKey = lockOn && !envelope ? await currentKey() : undefined;
      if (!lockOn || lockKey) {
        if (!envelope && sameSecrets(secrets, secretsOf(current.parts[index] ?? []))) return undefined;
        return { key, value: await storedSecretsValue(secrets, { revision: stamp }, partName(index), lockKey) };
      }
      if (Object.keys(secrets.tokens).length > 0 || Object.keys(secrets.extra).length > 0)
        throw new CredentialsLockedError('locked');
      // A group read from another part (stored there by hand or by an older version) would move here
      // without its token: that is sealed in its old part's envelope, which names it no more. Refused
      // until unlocked, when the move carries the token with it.
      const readHere = new Set((current.parts[index] ?? []).map(groupKey));
      if (groups.some((group) => !readHere.has(groupKey(group)))) throw new CredentialsLockedError('locked');
      return undefined;
    },

    watch(isOwn, forget) {
      const tokens = scopedName(scope, 'userGroupTokens.');
      watchKeys(
        (key, area) => area === 'local' && key.startsWith(tokens),
        (changes) => {
          if (!Object.values(changes).every((change) => isOwn(change.newValue))) forget();
        },
      );
      // Locking drops the key, and with it every token held in clear; unlocking opens them again.
      watchLock(forget, true);
    },
  };
}
