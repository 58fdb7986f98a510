import { storage } from '../storage-api';
import { z } from 'zod/mini';
import {
  bulkJobRowsSchema,
  bulkJobSchema,
  queuedRowSchema,
  type BulkJob,
  type BulkJobRows,
  rowKey,
} from './bulk-job-schema';
import type { KeyScope } from '../workspace-keys';
import { built, shapeWithout } from '../../schema-parts';
import { BULK_JOB_VERSION, bulkCreateJobItemFor, bulkCreateJobVersionEntry } from './bulk-job-item';
import { bulkCreateRowsItemFor } from './bulk-rows-item';

/** Version 2: the current job without `operation` (every job was a bulk create). */
export const bulkJobV2Schema = z.lazy(() => z.object(shapeWithout(built(bulkJobSchema).shape, 'operation')));
export type BulkJobV2 = z.infer<typeof bulkJobV2Schema>;

/** Version 1 kept every row not yet done in the job itself, and the row in flight by its key. */
export const bulkJobV1Schema = z.lazy(() =>
  z.object({
    ...shapeWithout(built(bulkJobV2Schema).shape, 'queued', 'retries', 'next', 'inFlight'),
    remaining: z.array(queuedRowSchema),
    inFlight: z.optional(z.string()),
  }),
);
export type BulkJobV1 = z.infer<typeof bulkJobV1Schema>;

/** Version 1 to 2: the remaining rows become the rows item, and the queue starts at its first row. */
export function bulkJobV1ToV2(v1: BulkJobV1): { job: BulkJobV2; rows: BulkJobRows } {
  const { remaining, inFlight, ...progress } = v1;
  const position = remaining.findIndex((row) => rowKey(row) === inFlight);
  return {
    job: { ...progress, queued: remaining.length, retries: [], next: 0, ...(position >= 0 && { inFlight: position }) },
    rows: { jobId: v1.id, rows: remaining },
  };
}

/** Version 2 to 3: a job stored before selection jobs existed was a bulk create. */
export function bulkJobV2ToV3(v2: BulkJobV2): BulkJob {
  return { ...v2, operation: 'create' };
}

/** The stored job at the current version, with the rows to write alongside (version 1 only); undefined when no step applies. */
function migrate(version: number, stored: unknown): { job: BulkJob; rows?: BulkJobRows } | undefined {
  if (version <= 1) {
    const v1 = bulkJobV1Schema.safeParse(stored);
    if (!v1.success) return undefined;
    const { job, rows } = bulkJobV1ToV2(v1.data);
    return { job: bulkJobV2ToV3(job), rows: bulkJobRowsSchema.parse(rows) };
  }
  const v2 = bulkJobV2Schema.safeParse(stored);
  return v2.success ? { job: bulkJobV2ToV3(v2.data) } : undefined;
}

/**
 * Brings a workspace's stored job of an earlier version to the current one: the items and the version in
 * one storage call, so that a stopped worker leaves either the old job or the new one. Run by the job store
 * before its first read; anything else stored (nothing, a current job, data of no known shape) is left
 * to the validated read.
 */
export async function migrateStoredBulkJob(scope: KeyScope): Promise<void> {
  const jobItem = bulkCreateJobItemFor(scope);
  const [meta, stored] = await Promise.all([storage.getMeta<{ v?: number }>(jobItem.key), jobItem.getValue()]);
  const version = meta.v ?? 1;
  if (version >= BULK_JOB_VERSION || stored === null) return;
  const migrated = migrate(version, stored);
  if (!migrated) return;
  await storage.setItems([
    ...(migrated.rows ? [{ item: bulkCreateRowsItemFor(scope), value: migrated.rows }] : []),
    { item: jobItem, value: migrated.job },
    bulkCreateJobVersionEntry(scope),
  ]);
}
