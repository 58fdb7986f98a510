import { forgetWatchedCaches } from '../storage/watched-cache';
import { encryptText } from '../crypto/aes-gcm';
import { bytesToBase64 } from '../crypto/base64';
import { deriveRawKey, importAesKey, PBKDF2_DEFAULT_ITERATIONS, SALT_BYTES } from '../crypto/kdf';
import { checkPassphrase } from '../crypto/passphrase';
import { secureRandomBytes, type RandomBytes } from '../crypto/random';
import { text } from '../message-ref';
import { fail, ok, type Result } from '../result';
import { inCredentialsLane } from '../storage/credentials/credentials-lane';
import { currentKey, dropKey, keepKey, readLockState, writeLockState } from '../storage/credentials/keyring';
import {
  countSecrets,
  finishPendingChange,
  forgetEverything,
  openEverything,
  storedSecrets,
  switchKey,
  type StoredSecrets,
} from '../storage/credentials/lock-transitions';
import { openWith, type LockKey } from '../storage/credentials/passphrase-key';
import { LOCK_VERIFIER_TEXT } from '../storage/lock/lock-keys';
import { DEFAULT_LOCK_AFTER, type LockAfter, type LockState, type LockStatus } from '../storage/lock/lock-schema';
import { failureDetail, NO_ACTIVITY, outcomeOf, type ActivityRecorder } from '../activity/activity-recorder';
import type { ActivityEvent } from '../activity/activity-recorder';

// Background only. Turning the passphrase lock on and off, unlocking, locking, changing the
// passphrase, and forgetting every secret when the passphrase is forgotten (design.md §10). The
// writes are the credentials gate's (lib/storage/credentials/lock-transitions.ts): the lock covers
// every secret in the store, and each change is write-ahead.

export interface LockDeps {
  randomBytes?: RandomBytes;
  now?: () => Date;
  /** The activity log: the lock turned on, off or changed, and every secret forgotten (never a passphrase). */
  activity?: ActivityRecorder;
}

const WRONG = text('errorWrongPassphrase');
const TOO_SHORT = text('lockTooShort');
/** What a group whose token was sealed says after Forget credentials: Retry rotation learns its token again. */
const TOKEN_LOST = text('groupsTokenLost');

export function createLockService(deps: LockDeps = {}) {
  const randomBytes = deps.randomBytes ?? secureRandomBytes;
  const now = deps.now ?? (() => new Date());
  const activity = deps.activity ?? NO_ACTIVITY;
  // The same queue as every workspace's credential saves; it waits for operations that hold the key.
  // After each change of the lock, what the background keeps of connections and statuses is read
  // afresh: the storage events that also say so may come after the next request.
  const serially = <T>(task: () => Promise<T>): Promise<T> =>
    inCredentialsLane(async () => {
      try {
        return await task();
      } finally {
        forgetWatchedCaches();
      }
    });

  async function status(): Promise<LockStatus> {
    const state = await readLockState();
    return {
      enabled: Boolean(state),
      locked: Boolean(state) && !(await currentKey()),
      lockAfter: state?.lockAfter ?? DEFAULT_LOCK_AFTER,
    };
  }

  async function newKey(passphrase: string, lockAfter: LockAfter): Promise<LockKey & { state: LockState }> {
    const salt = randomBytes(SALT_BYTES);
    const raw = await deriveRawKey(passphrase, salt, PBKDF2_DEFAULT_ITERATIONS);
    if (!raw.ok) throw new Error(raw.problem);
    const key = await importAesKey(raw.value);
    const verifier = await encryptText(key, LOCK_VERIFIER_TEXT, { randomBytes });
    return {
      raw: raw.value,
      key,
      state: { v: 1, salt: bytesToBase64(salt), iterations: PBKDF2_DEFAULT_ITERATIONS, verifier, lockAfter },
    };
  }

  /**
   * Runs `change` with the key the passphrase opens; a wrong passphrase (or the lock off) changes nothing.
   * `ahead`: work the change needs that writes nothing (reading the store, deriving a new key), started
   * with the passphrase's check so that it runs while PBKDF2 does; awaited (and dropped) when the check fails.
   */
  const withPassphrase = <T extends Record<string, Promise<unknown>>>(
    passphrase: string,
    change: (state: LockState, opened: LockKey, ahead: T) => Promise<unknown>,
    ahead: (state: LockState) => T,
  ) =>
    serially(async (): Promise<Result<LockStatus>> => {
      const state = await readLockState();
      if (!state) return fail('INVALID_INPUT', text('errorLockOff'));
      const started = ahead(state);
      const opened = await openWith(state, passphrase).catch(async (error: unknown) => {
        await Promise.allSettled(Object.values(started));
        throw error;
      });
      if (!opened) {
        await Promise.allSettled(Object.values(started));
        return fail('INVALID_INPUT', WRONG, { field: 'passphrase' });
      }
      await change(state, opened, started);
      return ok(await status());
    });

  /** The entry of a change of the lock; then the result, unchanged. */
  async function recorded<T>(
    kind: ActivityEvent['kind'],
    result: Result<T>,
    detail?: ActivityEvent['detail'],
  ): Promise<Result<T>> {
    await activity.record({
      kind,
      outcome: outcomeOf(result),
      ...(result.ok ? detail && { detail } : failureDetail(result)),
    });
    return result;
  }

  const operations = {
    status,

    /** At the worker's start, before anything reads a secret: a change of key cut off midway is finished or undone. */
    recover: () => serially(finishPendingChange),

    turnOn: (passphrase: string, lockAfter: LockAfter) =>
      serially(async (): Promise<Result<LockStatus>> => {
        if (await readLockState()) return fail('INVALID_INPUT', text('errorLockAlreadyOn'));
        if (checkPassphrase(passphrase)) return fail('INVALID_INPUT', TOO_SHORT, { field: 'passphrase' });
        // The store is read and checked while the key is derived; the writes wait for both.
        await switchKey(undefined, newKey(passphrase, lockAfter));
        return ok(await status());
      }),

    unlock: (passphrase: string) =>
      withPassphrase(
        passphrase,
        (_state, opened) => keepKey(opened.raw),
        () => ({}),
      ),

    /** Waits for the operations under way that hold the key (a request answers within 15 s), then drops it. */
    lockNow: () =>
      serially(async (): Promise<Result<LockStatus>> => {
        await dropKey();
        return ok(await status());
      }),

    changePassphrase: (current: string, passphrase: string) => {
      if (checkPassphrase(passphrase)) {
        return Promise.resolve(fail<LockStatus>('INVALID_INPUT', TOO_SHORT, { field: 'newPassphrase' }));
      }
      // The new key is derived and the store read while the current passphrase is checked.
      return withPassphrase(
        current,
        (_state, opened, ahead) => switchKey(opened.key, ahead.next, ahead.stored),
        (state: LockState) => ({ next: newKey(passphrase, state.lockAfter), stored: storedSecrets() }),
      );
    },

    /** Always needs the passphrase; without it, forgetEverything is the way out. */
    turnOff: (passphrase: string) =>
      withPassphrase(
        passphrase,
        (_state, opened, ahead) => openEverything(opened.key, ahead.stored),
        (): { stored: Promise<StoredSecrets> } => ({ stored: storedSecrets() }),
      ),

    setLockAfter: (lockAfter: LockAfter) =>
      serially(async (): Promise<Result<LockStatus>> => {
        const state = await readLockState();
        if (!state) return fail('INVALID_INPUT', text('errorLockOff'));
        await writeLockState({ ...state, lockAfter });
        return ok(await status());
      }),

    /** What forgetEverything would clear, for the page to say first. */
    describeForgetEverything: countSecrets,

    /**
     * The passphrase is forgotten: every API credential of every workspace and every sealed group token
     * is cleared (the page says so first), and the lock turns off, so that new credentials can be saved.
     */
    forgetEverything: () =>
      serially(async (): Promise<Result<{ credentials: number; tokens: number; status: LockStatus }>> => {
        if (!(await readLockState())) return fail('INVALID_INPUT', text('errorLockOff'));
        const cleared = await forgetEverything(TOKEN_LOST, now().toISOString());
        return ok({ ...cleared, status: await status() });
      }),
  };

  return {
    ...operations,
    turnOn: async (passphrase: string, lockAfter: LockAfter) =>
      recorded('lockTurnedOn', await operations.turnOn(passphrase, lockAfter)),
    turnOff: async (passphrase: string) => recorded('lockTurnedOff', await operations.turnOff(passphrase)),
    changePassphrase: async (current: string, passphrase: string) =>
      recorded(
        'lockChanged',
        await operations.changePassphrase(current, passphrase),
        text('activityLockPassphraseChanged'),
      ),
    setLockAfter: async (lockAfter: LockAfter) =>
      recorded('lockChanged', await operations.setLockAfter(lockAfter), text('activityLockAfterChanged')),
    forgetEverything: async () => {
      const forgotten = await operations.forgetEverything();
      return recorded(
        'credentialsForgottenAll',
        forgotten,
        forgotten.ok ? text('activityForgotAll', forgotten.value.credentials, forgotten.value.tokens) : undefined,
      );
    },
  };
}

export type LockService = ReturnType<typeof createLockService>;
