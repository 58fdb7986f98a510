import { z } from 'zod/mini';
import { lockStatusSchema } from '../../storage/lock/lock-schema';
import { defineMessage } from '../define-message';
import { boundedText, emptySchema } from './shared-schemas';

// The passphrase lock messages the popup sends; the options page's others are in lock-admin-messages.ts.

export const getLockStatus = defineMessage({
  name: 'getLockStatus',
  request: () => emptySchema,
  response: () => lockStatusSchema,
  allowTab: true,
  readsOnly: true,
});

/** A wrong passphrase is INVALID_INPUT with `field: 'passphrase'`. */
export const unlock = defineMessage({
  name: 'unlock',
  request: () => z.object({ passphrase: boundedText }),
  response: () => lockStatusSchema,
  allowTab: true,
});
