import { z } from 'zod/mini';
import { defineMessage } from '../define-message';
import { messageRefSchema } from '../../message-ref';
import { emptySchema } from './shared-schemas';

/**
 * The options page dismisses the storage notices it showed (named texts, as it read them). The background
 * removes exactly those, in the same queue as it adds new ones, so a notice added meanwhile is not lost
 * (lib/storage/notices-item.ts).
 */
export const dismissStorageNotices = defineMessage({
  name: 'dismissStorageNotices',
  request: () => z.object({ notices: z.array(messageRefSchema).check(z.maxLength(100)) }),
  response: () => emptySchema,
  allowTab: true,
});
