import { storage } from '#imports';
import { z } from 'zod/mini';
import { rowKey } from '../user-groups/bulk-job';
import { bulkJobSchema, queuedRowSchema, type BulkJob, type BulkJobRows } from '../user-groups/bulk-job-schema';
import type { KeyScope } from '../workspaces/workspace-keys';
import { BULK_JOB_VERSION, bulkCreateJobItemFor, bulkCreateJobVersionEntry } from './bulk-create-job-item';
import { bulkCreateRowsItemFor } from './bulk-create-rows-item';

/** Version 1 kept every row not yet done in the job itself, and the row in flight by its key. */
export const bulkJobV1Schema = z.extend(z.omit(bulkJobSchema, { queued: true, retries: true, next: true, inFlight: true }), {
  remaining: z.array(queuedRowSchema),
  inFlight: z.optional(z.string()),
});
export type BulkJobV1 = z.infer<typeof bulkJobV1Schema>;

/** Version 1 to 2: the remaining rows become the rows item, and the queue starts at its first row. */
export function bulkJobV1ToV2(v1: BulkJobV1): { job: BulkJob; rows: BulkJobRows } {
  const { remaining, inFlight, ...progress } = v1;
  const position = remaining.findIndex((row) => rowKey(row) === inFlight);
  return {
    job: { ...progress, queued: remaining.length, retries: [], next: 0, ...(position >= 0 && { inFlight: position }) },
    rows: { jobId: v1.id, rows: remaining },
  };
}

/**
 * Brings a workspace's stored version 1 job to version 2: both items and the version in one storage call, so
 * that a stopped worker leaves either the old job or the new pair. Run by the job store before its
 * first read; anything else stored (nothing, a current job, data of no known shape) is left to the
 * validated read.
 */
export async function migrateStoredBulkJob(scope: KeyScope): Promise<void> {
  const jobItem = bulkCreateJobItemFor(scope);
  const [meta, stored] = await Promise.all([storage.getMeta<{ v?: number }>(jobItem.key), jobItem.getValue()]);
  if ((meta.v ?? 1) >= BULK_JOB_VERSION) return;
  const v1 = bulkJobV1Schema.safeParse(stored);
  if (!v1.success) return;
  const { job, rows } = bulkJobV1ToV2(v1.data);
  await storage.setItems([{ item: bulkCreateRowsItemFor(scope), value: rows }, { item: jobItem, value: job }, bulkCreateJobVersionEntry(scope)]);
}
