import { browser } from 'wxt/browser';
import { encryptText } from '../crypto/aes-gcm';
import { bytesToBase64 } from '../crypto/base64';
import { deriveRawKey, importAesKey, PBKDF2_DEFAULT_ITERATIONS, SALT_BYTES } from '../crypto/kdf';
import { checkPassphrase } from '../crypto/passphrase';
import { secureRandomBytes, type RandomBytes } from '../crypto/random';
import { inCredentialsLane } from '../storage/credentials/credentials-lane';
import { fail, ok, type Result } from '../result';
import { currentKey, dropKey, keyEntry, readLockState } from '../storage/credentials/keyring';
import { LOCK_STATE_KEY, LOCK_VERIFIER_TEXT } from '../storage/lock/lock-keys';
import { openWith, recode, type Opened } from '../storage/credentials/passphrase-key';
import { DEFAULT_LOCK_AFTER, type LockAfter, type LockState, type LockStatus } from '../storage/lock/lock-schema';
import { credentialsAtRestSchema, isSealed } from '../storage/credentials/sealed-credentials';
import { text } from '../message-ref';

// Background only. Turning the passphrase lock on and off, unlocking, locking, changing the
// passphrase (design.md §10). Each change of the stored credentials is one storage.local.set (and
// one storage.session.set for secrets kept only until the browser closes).

export interface LockDeps {
  /** browser.storage names of every workspace's credentials (`ws.<id>.credentials`), in both areas. */
  credentialNames: () => Promise<string[]>;
  randomBytes?: RandomBytes;
}

const WRONG = text('errorWrongPassphrase');
const TOO_SHORT = text('lockTooShort');

export function createLockService(deps: LockDeps) {
  const randomBytes = deps.randomBytes ?? secureRandomBytes;
  // The same queue as every workspace's credential saves (lib/storage/credentials/credentials-lane.ts).
  const serially = inCredentialsLane;

  async function status(): Promise<LockStatus> {
    const state = await readLockState();
    return {
      enabled: Boolean(state),
      locked: Boolean(state) && !(await currentKey()),
      lockAfter: state?.lockAfter ?? DEFAULT_LOCK_AFTER,
    };
  }

  async function stored(): Promise<{ local: Record<string, unknown>; session: Record<string, unknown> }> {
    const names = await deps.credentialNames();
    const [local, session] = await Promise.all([browser.storage.local.get(names), browser.storage.session.get(names)]);
    return { local, session };
  }

  async function newKey(passphrase: string, lockAfter: LockAfter): Promise<Opened & { state: LockState }> {
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

  /** Runs `change` with the key the passphrase opens; a wrong passphrase (or the lock off) changes nothing. */
  const withPassphrase = (passphrase: string, change: (state: LockState, opened: Opened) => Promise<unknown>) =>
    serially(async (): Promise<Result<LockStatus>> => {
      const state = await readLockState();
      if (!state) return fail('INVALID_INPUT', text('errorLockOff'));
      const opened = await openWith(state, passphrase);
      if (!opened) return fail('INVALID_INPUT', WRONG, { field: 'passphrase' });
      await change(state, opened);
      return ok(await status());
    });

  return {
    status,

    turnOn: (passphrase: string, lockAfter: LockAfter) =>
      serially(async (): Promise<Result<LockStatus>> => {
        if (await readLockState()) return fail('INVALID_INPUT', text('errorLockAlreadyOn'));
        if (checkPassphrase(passphrase)) return fail('INVALID_INPUT', TOO_SHORT, { field: 'passphrase' });
        const next = await newKey(passphrase, lockAfter);
        const values = await stored();
        // The key and the session-only secrets first: sealed values are readable from the moment they are written.
        await browser.storage.session.set({
          ...(await recode(values.session, undefined, next.key)),
          ...keyEntry(next.raw),
        });
        await browser.storage.local.set({
          ...(await recode(values.local, undefined, next.key)),
          [LOCK_STATE_KEY]: next.state,
        });
        return ok(await status());
      }),

    unlock: (passphrase: string) =>
      withPassphrase(passphrase, async (_state, opened) => {
        await browser.storage.session.set(keyEntry(opened.raw));
      }),

    lockNow: () =>
      serially(async (): Promise<Result<LockStatus>> => {
        await dropKey();
        return ok(await status());
      }),

    changePassphrase: (current: string, passphrase: string) => {
      if (checkPassphrase(passphrase))
        return Promise.resolve(fail<LockStatus>('INVALID_INPUT', TOO_SHORT, { field: 'newPassphrase' }));
      return withPassphrase(current, async (state, opened) => {
        const next = await newKey(passphrase, state.lockAfter);
        const values = await stored();
        const local = await recode(values.local, opened.key, next.key);
        const session = await recode(values.session, opened.key, next.key);
        await browser.storage.local.set({ ...local, [LOCK_STATE_KEY]: next.state });
        await browser.storage.session.set({ ...session, ...keyEntry(next.raw) });
      });
    },

    turnOff: (passphrase: string) =>
      withPassphrase(passphrase, async (_state, opened) => {
        const values = await stored();
        await browser.storage.session.set(await recode(values.session, opened.key, undefined));
        await browser.storage.local.set(await recode(values.local, opened.key, undefined));
        await browser.storage.local.remove(LOCK_STATE_KEY);
        await dropKey();
      }),

    setLockAfter: (lockAfter: LockAfter) =>
      serially(async (): Promise<Result<LockStatus>> => {
        const state = await readLockState();
        if (!state) return fail('INVALID_INPUT', text('errorLockOff'));
        await browser.storage.local.set({ [LOCK_STATE_KEY]: { ...state, lockAfter } satisfies LockState });
        return ok(await status());
      }),

    /**
     * After a forget while locked: when no sealed credential is left anywhere, the lock turns off, so
     * a forgotten passphrase never blocks saving new credentials (README "Passphrase lock").
     */
    releaseIfNothingSealed: () =>
      serially(async (): Promise<void> => {
        if (!(await status()).locked) return;
        const values = await stored();
        const sealed = [...Object.values(values.local), ...Object.values(values.session)].some((value) => {
          const parsed = credentialsAtRestSchema.safeParse(value);
          return parsed.success && isSealed(parsed.data);
        });
        if (!sealed) await browser.storage.local.remove(LOCK_STATE_KEY);
      }),
  };
}

export type LockService = ReturnType<typeof createLockService>;
