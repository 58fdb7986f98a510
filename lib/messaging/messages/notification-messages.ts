import { z } from 'zod/mini';
// Only message definitions are exported here: the protocol takes every export of this module.
import { defineMessage } from '../define-message';
import { emptySchema } from './shared-schemas';

/**
 * **Notify me when a job ends**: one setting for the extension (lib/storage/job-notifications.ts). The
 * page asks for the `notifications` permission in the click that ticks the box, and turns it on only once
 * granted.
 */
export const setNotifyJobEnds = defineMessage({
  name: 'setNotifyJobEnds',
  request: () => z.object({ on: z.boolean() }),
  response: () => emptySchema,
  allowTab: true,
});
