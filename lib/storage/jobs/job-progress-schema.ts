import { z } from 'zod/mini';
import { storedTextSchema } from '../../message-ref';
import { safeInt } from '../../schema-parts';

/**
 * What every background job stores about its progress, whatever it sends (user groups, pages): where
 * it is in its rows (stored once, in their own item), its pace and its status. Each kind of job extends
 * this with its own counts (bulk-job-schema.ts, register-job-schema.ts). Written only by the
 * background, after every row; the worker may be stopped at any time, so this is what it carries on from.
 * Transitions: lib/jobs/job-queue.ts; I/O: job-store.ts, lib/jobs/job-runner.ts.
 */
export const jobStatusSchema = z.enum(['running', 'paused', 'cancelled', 'done']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

const position = () => safeInt(0);

/** The fields every job's progress has, built for the schema that spreads them (a function: built on first use). */
export const jobProgressShape = () => ({
  id: z.string(),
  status: jobStatusSchema,
  /** null: unthrottled (benchmarks only). */
  ratePerMinute: z.nullable(z.number()),
  /** Rows to send (rows left out at the start are `skipped`, not counted here). */
  total: safeInt(),
  skipped: safeInt(),
  // The queue: the stored rows, positions 0 to queued - 1, then `retries`. Positions before `next`
  // are done. Kept here so that what is left is known without reading the rows (job-queue.ts).
  /** How many stored rows (the rows item's length). */
  queued: position(),
  /** Indexes into the rows of those to send once more, after the others (their outcome was unknown). */
  retries: z.array(position()),
  /** The queue position of the next row to send. */
  next: position(),
  /** The queue position being sent: set before the request, cleared with its outcome. */
  inFlight: z.optional(position()),
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

export const jobProgressSchema = z.lazy(() => z.object(jobProgressShape()));
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** A stored row as the queue knows it: `attempts` counts sends whose outcome stayed unknown. */
export interface QueuedJobRow {
  attempts: number;
}

/** A job's rows item: the rows of the job `jobId`, in the order they are sent. */
export interface JobRows<R extends QueuedJobRow> {
  jobId: string;
  rows: R[];
}

/** A job that still has rows to send: running, or paused until the user or an unlock resumes it. */
export function isActive<J extends Pick<JobProgress, 'status'>>(job: J | null | undefined): job is J {
  return job?.status === 'running' || job?.status === 'paused';
}
