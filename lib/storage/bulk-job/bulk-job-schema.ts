import { z } from 'zod/mini';
import { bulkRowSchema, type BulkRow } from './bulk-row-schema';
import { groupKey } from '../registry/registry-schema';
import { storedTextSchema } from '../../message-ref';
import { isActive, jobProgressShape, jobStatusSchema, type JobStatus } from '../jobs/job-progress-schema';
import { built, extendedObject, safeInt, withDefault } from '../../schema-parts';

export { isActive };

/**
 * A bulk create job as stored: its rows in `local:bulkCreateRows`, written once at the start, and its
 * progress in `local:bulkCreateJob`, rewritten after every row (so it stays small: no rows in it).
 * Together they are everything needed to carry on after the worker was stopped.
 * Transitions: bulk-job.ts; I/O: bulk-job-store.ts, bulk-runner.ts.
 */
/**
 * What the job does to each row: create the group on the service (bulk create from a file), or rotate
 * or delete a group of the registry (a selection job). Jobs stored before selection jobs existed have
 * no `operation`: they were creates, and read as such (the default below).
 */
export const bulkOperationSchema = z.enum(['create', 'rotate', 'delete']);
export type BulkOperation = z.infer<typeof bulkOperationSchema>;

export const bulkJobStatusSchema = jobStatusSchema;
export type BulkJobStatus = JobStatus;

/** `attempts`: sends whose outcome stayed unknown (one retry, then it is recorded as failed). */
export const queuedRowSchema = z.lazy(() => extendedObject(built(bulkRowSchema), { attempts: safeInt() }));
export type QueuedRow = z.infer<typeof queuedRowSchema>;

/** `local:bulkCreateRows`: the rows of the job `jobId`, in the order they are sent. */
export const bulkJobRowsSchema = z.lazy(() => z.object({ jobId: z.string(), rows: z.array(built(queuedRowSchema)) }));
export type BulkJobRows = z.infer<typeof bulkJobRowsSchema>;
export const storedBulkJobRowsSchema = z.lazy(() => z.nullable(bulkJobRowsSchema));

export const bulkFailureSchema = z.lazy(() => extendedObject(built(bulkRowSchema), { message: storedTextSchema }));
export type BulkFailure = z.infer<typeof bulkFailureSchema>;

/** The progress every job keeps (job-progress-schema.ts), with a user-group job's operation and counts. */
export const bulkJobSchema = z.lazy(() =>
  z.object({
    ...jobProgressShape(),
    operation: withDefault(bulkOperationSchema, 'create'),
    /** Rows done as asked: groups created, or tokens rotated, or groups deleted (by `operation`). */
    created: safeInt(),
    /** Get-or-create answered with a group that already existed on the service. */
    existed: safeInt(),
    failed: z.array(bulkFailureSchema),
  }),
);
export type BulkJob = z.infer<typeof bulkJobSchema>;

export const storedBulkJobSchema = z.lazy(() => z.nullable(bulkJobSchema));

/** A row's key: its group's (environment, id). */
export const rowKey = (row: BulkRow) => groupKey({ environment: row.environment, provided_id: row.userGroupId });
