import { z } from 'zod/mini';
import { activityCheckpointSchema } from '../../storage/activity/activity-schema';
import { defineMessage } from '../define-message';
import { emptySchema } from './shared-schemas';

// The activity log's messages: the page reads the log from storage itself (it holds no secret); only
// its one writer, the background, may clear it.

/** Clears the log; the clearing is its first entry, recording the checkpoint it replaced. */
export const clearActivityLog = defineMessage({
  name: 'clearActivityLog',
  request: () => emptySchema,
  response: () => z.object({ removed: z.number(), replaced: activityCheckpointSchema }),
  allowTab: true,
});
