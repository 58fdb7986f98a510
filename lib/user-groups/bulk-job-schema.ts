import { z } from 'zod/mini';
import { bulkRowSchema } from './bulk-schema';

/**
 * A bulk create job as stored in `local:bulkCreateJob`: everything needed to carry on after the
 * worker was stopped. Transitions: bulk-job.ts; I/O: bulk-runner.ts.
 */
export const bulkJobStatusSchema = z.enum(['running', 'paused', 'cancelled', 'done']);
export type BulkJobStatus = z.infer<typeof bulkJobStatusSchema>;

/** `attempts`: sends whose outcome stayed unknown (one retry, then it is recorded as failed). */
export const queuedRowSchema = z.extend(bulkRowSchema, { attempts: z.int() });
export type QueuedRow = z.infer<typeof queuedRowSchema>;

export const bulkFailureSchema = z.extend(bulkRowSchema, { message: z.string() });
export type BulkFailure = z.infer<typeof bulkFailureSchema>;

export const bulkJobSchema = z.object({
  id: z.string(),
  status: bulkJobStatusSchema,
  /** null: unthrottled (benchmarks only). */
  ratePerMinute: z.nullable(z.number()),
  /** Rows to send (rows already in the registry at the start are `skipped`, not counted here). */
  total: z.int(),
  skipped: z.int(),
  created: z.int(),
  /** Get-or-create answered with a group that already existed on the service. */
  existed: z.int(),
  failed: z.array(bulkFailureSchema),
  /** Not yet done; the first one is next. */
  remaining: z.array(queuedRowSchema),
  /** The key of the row being sent: set before the request, cleared with its outcome. */
  inFlight: z.optional(z.string()),
  /** No request before this time (ms since the epoch): the rate and Retry-After. */
  notBefore: z.number(),
  rateLimitedUntil: z.optional(z.number()),
  /** Why the job is paused. */
  message: z.optional(z.string()),
  startedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.optional(z.string()),
  /** Stamped by the background's store on each write (lib/storage/serialized-store.ts). */
  revision: z.optional(z.string()),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

export const storedBulkJobSchema = z.nullable(bulkJobSchema);
