import { z } from 'zod/mini';
import { defineMessage } from '../define-message';
import { boundedText, emptySchema } from './shared-schemas';

/**
 * The options page dismisses the storage notices it showed. The background removes exactly those, in
 * the same queue as it adds new ones, so a notice added meanwhile is not lost (lib/storage/notices-item.ts).
 */
export const dismissStorageNotices = defineMessage({
  name: 'dismissStorageNotices',
  request: z.object({ notices: z.array(boundedText).check(z.maxLength(100)) }),
  response: emptySchema,
  allowTab: true,
});
