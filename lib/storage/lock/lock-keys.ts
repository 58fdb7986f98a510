// The storage keys of the passphrase lock (browser.storage names, without WXT's area prefix), and its error.
import { text } from '../../message-ref';
import { fail } from '../../result';

/** `local:` the lock's state (lock-schema.ts); no secret. */
export const LOCK_STATE_KEY = 'lock';
/** `session:` the derived key (base64 of its 32 raw bytes) while unlocked. Never `local:` or `sync:`. */
export const LOCK_KEY_KEY = 'lockKey';
/** `session:` the key a change of passphrase (or turning the lock on) switches to, until it is done. */
export const LOCK_NEXT_KEY_KEY = 'lockKeyNext';

/** The text the verifier encrypts: decrypting it proves the passphrase. */
export const LOCK_VERIFIER_TEXT = 'review-companion:lock:v1';
/** Authenticated with every sealed credential, so a ciphertext of another kind cannot pass for one. */
export const SEALED_CREDENTIALS_AAD = 'review-companion:credentials:v1';
/**
 * Authenticated with the sealed tokens of a registry part, followed by the part's storage key (or with a
 * sealed copy of a registry value kept aside, followed by the copy's `corrupt:` key).
 */
export const SEALED_TOKENS_AAD = 'review-companion:group-tokens:v1:';

/** The LOCKED error's text; a bulk job paused with it carries on by itself after unlocking. */
export const LOCKED_MESSAGE = text('errorLocked');

/** What every handler that needs a sealed secret answers while the lock is closed. */
export const lockedError = () => fail<never>('LOCKED', LOCKED_MESSAGE);
