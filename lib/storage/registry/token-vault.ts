import type { StorageItemKey } from '@wxt-dev/storage';
import type { CipherEnvelope } from '../../crypto/aes-gcm';
import type { RegistryEntry } from './registry-schema';

/**
 * A registry's parts as its token vault reads them: each part's groups with their tokens where they
 * are in clear or open with the lock's key ('' where not), and the envelope of each part whose tokens
 * stay sealed (the lock is closed, or its envelope does not open).
 */
export interface OpenedParts {
  parts: RegistryEntry[][];
  sealed: ReadonlyMap<number, CipherEnvelope>;
  /** Whether the stored format is the current one (its mark is written with the next change when not). */
  current: boolean;
}

/**
 * Where a registry's group tokens are kept at rest, given to the registry writer (registry-writer.ts)
 * by whoever makes it: the credentials gate's (lib/storage/credentials/part-token-vault.ts), the only
 * code that reads or writes the token keys, seals them under the lock's key and opens them again. The
 * writer holds the groups with their tokens and stores what the vault hands back, in the same storage
 * call as the parts; it never sees a key or knows whether a token is in clear.
 */
export interface TokenVault {
  /** Every part with its tokens, after any migration of an older format; `revision` stamps what that writes. */
  load(revision: () => string): Promise<OpenedParts>;
  /**
   * The entry of a part's tokens to store with the part, or undefined when they need no write (the same
   * tokens as stored). Throws CredentialsLockedError when the change needs a key the lock keeps closed.
   */
  store(
    index: number,
    groups: readonly RegistryEntry[],
    current: OpenedParts,
    stamp: string,
  ): Promise<{ key: StorageItemKey; value: unknown } | undefined>;
  /**
   * Calls `forget` when the tokens the writer holds in clear may be wrong: the lock's key came or went,
   * or a part's tokens were written by someone `isOwn` does not recognise.
   */
  watch(isOwn: (stored: unknown) => boolean, forget: () => void): void;
}
