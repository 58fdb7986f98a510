import { z } from 'zod/mini';
import { bulkRowSchema, type BulkRow } from './bulk-row-schema';
import { groupKey } from '../registry/registry-schema';
import { storedTextSchema } from '../../message-ref';

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

export const bulkJobStatusSchema = z.enum(['running', 'paused', 'cancelled', 'done']);
export type BulkJobStatus = z.infer<typeof bulkJobStatusSchema>;

/** `attempts`: sends whose outcome stayed unknown (one retry, then it is recorded as failed). */
export const queuedRowSchema = z.extend(bulkRowSchema, { attempts: z.int() });
export type QueuedRow = z.infer<typeof queuedRowSchema>;

/** `local:bulkCreateRows`: the rows of the job `jobId`, in the order they are sent. */
export const bulkJobRowsSchema = z.object({ jobId: z.string(), rows: z.array(queuedRowSchema) });
export type BulkJobRows = z.infer<typeof bulkJobRowsSchema>;
export const storedBulkJobRowsSchema = z.nullable(bulkJobRowsSchema);

export const bulkFailureSchema = z.extend(bulkRowSchema, { message: storedTextSchema });
export type BulkFailure = z.infer<typeof bulkFailureSchema>;

const position = z.int().check(z.nonnegative());

export const bulkJobSchema = z.object({
  id: z.string(),
  operation: z._default(bulkOperationSchema, 'create'),
  status: bulkJobStatusSchema,
  /** null: unthrottled (benchmarks only). */
  ratePerMinute: z.nullable(z.number()),
  /** Rows to send (a create's rows already in the registry at the start are `skipped`, not counted here). */
  total: z.int(),
  skipped: z.int(),
  /** Rows done as asked: groups created, or tokens rotated, or groups deleted (by `operation`). */
  created: z.int(),
  /** Get-or-create answered with a group that already existed on the service. */
  existed: z.int(),
  failed: z.array(bulkFailureSchema),
  // The queue: the stored rows, positions 0 to queued - 1, then `retries`. Positions before `next`
  // are done. Kept here so that what is left is known without reading the rows (bulk-job.ts).
  /** How many stored rows (the rows item's length). */
  queued: position,
  /** Indexes into the rows of those to send once more, after the others (their outcome was unknown). */
  retries: z.array(position),
  /** The queue position of the next row to send. */
  next: position,
  /** The queue position being sent: set before the request, cleared with its outcome. */
  inFlight: z.optional(position),
  /** No request before this time (ms since the epoch): the rate and Retry-After. */
  notBefore: z.number(),
  rateLimitedUntil: z.optional(z.number()),
  /** Why the job is paused. */
  message: z.optional(storedTextSchema),
  startedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.optional(z.string()),
  /** Stamped by the background's store on each write (lib/storage/serialized-store.ts). */
  revision: z.optional(z.string()),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

export const storedBulkJobSchema = z.nullable(bulkJobSchema);

/** A row's key: its group's (environment, id). */
export const rowKey = (row: BulkRow) => groupKey({ environment: row.environment, provided_id: row.userGroupId });

/** A job that still has rows to send: running, or paused until the user or an unlock resumes it. */
export function isActive(job: BulkJob | null): job is BulkJob {
  return job?.status === 'running' || job?.status === 'paused';
}
