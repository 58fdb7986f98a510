import { z } from 'zod/mini';
import { lockAfterSchema, lockStatusSchema } from '../../storage/lock/lock-schema';
import { defineMessage } from '../define-message';
import { boundedText, emptySchema } from './shared-schemas';

// The options page's passphrase lock settings (design.md §10). Answers are the lock's status, never a key.

export const turnOnLock = defineMessage({
  name: 'turnOnLock',
  request: () => z.object({ passphrase: boundedText, lockAfter: lockAfterSchema }),
  response: () => lockStatusSchema,
  allowTab: true,
});

export const changeLockPassphrase = defineMessage({
  name: 'changeLockPassphrase',
  request: () => z.object({ passphrase: boundedText, newPassphrase: boundedText }),
  response: () => lockStatusSchema,
  allowTab: true,
});

export const turnOffLock = defineMessage({
  name: 'turnOffLock',
  request: () => z.object({ passphrase: boundedText }),
  response: () => lockStatusSchema,
  allowTab: true,
});

export const lockNow = defineMessage({
  name: 'lockNow',
  request: () => emptySchema,
  response: () => lockStatusSchema,
  allowTab: true,
});

export const setLockAfter = defineMessage({
  name: 'setLockAfter',
  request: () => z.object({ lockAfter: lockAfterSchema }),
  response: () => lockStatusSchema,
  allowTab: true,
});

/** What Forget credentials (the passphrase forgotten) would clear: says so before anything is cleared. */
export const describeForgetCredentials = defineMessage({
  name: 'describeForgetCredentials',
  request: () => emptySchema,
  response: () => z.object({ credentials: z.number(), tokens: z.number() }),
  allowTab: true,
  readsOnly: true,
});

/**
 * The passphrase is forgotten: every workspace's API credentials and every sealed group token are
 * cleared, and the lock turns off. The answer says how many were cleared.
 */
export const forgetAllCredentials = defineMessage({
  name: 'forgetAllCredentials',
  request: () => emptySchema,
  response: () => z.object({ credentials: z.number(), tokens: z.number(), status: lockStatusSchema }),
  allowTab: true,
});
