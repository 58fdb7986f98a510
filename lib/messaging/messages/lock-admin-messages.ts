import { z } from 'zod/mini';
import { lockAfterSchema, lockStatusSchema } from '../../storage/lock/lock-schema';
import { defineMessage } from '../define-message';
import { boundedText, emptySchema } from './shared-schemas';

// The options page's passphrase lock settings (design.md §10). Answers are the lock's status, never a key.

export const turnOnLock = defineMessage({
  name: 'turnOnLock',
  request: z.object({ passphrase: boundedText, lockAfter: lockAfterSchema }),
  response: lockStatusSchema,
  allowTab: true,
});

export const changeLockPassphrase = defineMessage({
  name: 'changeLockPassphrase',
  request: z.object({ passphrase: boundedText, newPassphrase: boundedText }),
  response: lockStatusSchema,
  allowTab: true,
});

export const turnOffLock = defineMessage({
  name: 'turnOffLock',
  request: z.object({ passphrase: boundedText }),
  response: lockStatusSchema,
  allowTab: true,
});

export const lockNow = defineMessage({
  name: 'lockNow',
  request: emptySchema,
  response: lockStatusSchema,
  allowTab: true,
});

export const setLockAfter = defineMessage({
  name: 'setLockAfter',
  request: z.object({ lockAfter: lockAfterSchema }),
  response: lockStatusSchema,
  allowTab: true,
});
