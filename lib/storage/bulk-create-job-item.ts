import { storage } from '#imports';
import type { BulkJob } from '../user-groups/bulk-job-schema';

/**
 * The bulk create job: rows still to send, counts, rate and status. Written only by the background;
 * the worker may be stopped at any time, so this is what it carries on from.
 */
export const bulkCreateJobItem = storage.defineItem<BulkJob | null>('local:bulkCreateJob', {
  fallback: null,
  version: 1,
});
