import { z } from 'zod/mini';
import { MAX_RATE_PER_MINUTE } from '../../jobs/job-pacing';
import { MAX_BULK_ROWS } from '../../storage/bulk-job/bulk-row-schema';
import { groupRefSchema } from '../../storage/registry/registry-schema';
// Only message definitions are exported here: the protocol takes every export of this module.
import { defineWorkspaceMessage } from '../define-message';
import { boundedText, inWorkspace } from './shared-schemas';
import { built, extendedObject, safeInt } from '../../schema-parts';

/** A selected group: its key, and its name for the job's report (Download unsent rows). */
const selectedGroupSchema = () => extendedObject(built(groupRefSchema), { name: boundedText });

/**
 * Rotates or deletes the selected groups of the registry as the workspace's background job: the bulk
 * create's pacing, progress, restart safety, cancel and resume. Refused while another job is under way.
 * Without `ratePerMinute`, the default rate (below the documented limit).
 */
export const startSelectionJob = defineWorkspaceMessage({
  name: 'startSelectionJob',
  request: () =>
    inWorkspace({
      operation: z.enum(['rotate', 'delete']),
      groups: z.array(selectedGroupSchema()).check(z.minLength(1), z.maxLength(MAX_BULK_ROWS)),
      ratePerMinute: z.optional(safeInt(1, MAX_RATE_PER_MINUTE)),
    }),
  response: () => z.object({ total: z.number() }),
  allowTab: true,
});
