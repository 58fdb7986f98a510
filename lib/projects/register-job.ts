import { text } from '../message-ref';
import { newProgress, recordOutcome, rowIndexAt, STOPPED_OUTCOME, type SettleRow } from '../jobs/job-queue';
import type { RowOutcome } from '../jobs/job-outcome';
import type {
  PageOutcome,
  PageRow,
  QueuedPage,
  RegisterJob,
  RegisterJobRows,
} from '../storage/register-job/register-job-schema';

// A register-pages job's own transitions; the queue, pacing, pause, cancel and resume are every job's
// (lib/jobs/job-queue.ts).

/** A new job and its rows: the two stored items, written together at the start. */
export function newRegisterJob(options: {
  id: string;
  pages: readonly PageRow[];
  skipped: number;
  ratePerMinute: number | null;
  now: number;
}): { job: RegisterJob; rows: RegisterJobRows } {
  const { id, pages, skipped, ratePerMinute, now } = options;
  return {
    job: { ...newProgress({ id, count: pages.length, skipped, ratePerMinute, now }), outcomes: [] },
    rows: { jobId: id, rows: pages.map((page) => ({ ...page, attempts: 0 })) },
  };
}

const KIND = { created: 'registered', existed: 'existed', failed: 'failed', unknown: 'unknown' } as const;

/**
 * How a register job records a page: every outcome in `outcomes`, in order. A page whose outcome is
 * unknown is never sent again unasked (the project API is not get-or-create: a second request could
 * make a second project); Retry sends it again as a new job.
 */
const settlePage: SettleRow<RegisterJob, QueuedPage> = (advanced, _row, outcome, { position }) => {
  const row = rowIndexAt(advanced, position) ?? position;
  const recorded: PageOutcome = {
    row,
    outcome: KIND[outcome.kind],
    ...('id' in outcome && outcome.id !== undefined && { projectId: outcome.id }),
    ...('message' in outcome && {
      message: outcome.kind === 'unknown' ? text('errorOutcomeUnknown', outcome.message) : outcome.message,
    }),
  };
  return { ...advanced, outcomes: [...advanced.outcomes, recorded] };
};

export function recordPageOutcome(
  job: RegisterJob,
  rows: readonly QueuedPage[],
  position: number,
  outcome: RowOutcome,
  now: number,
): RegisterJob {
  return recordOutcome(job, rows, position, outcome, now, settlePage);
}

/** A page still marked in flight when a worker starts was cut off: its outcome is unknown. */
export function settleStalePage(job: RegisterJob, rows: readonly QueuedPage[], now: number): RegisterJob {
  if (job.inFlight === undefined) return job;
  return recordPageOutcome(job, rows, job.inFlight, STOPPED_OUTCOME, now);
}

/** How many pages of each outcome. */
export function pageCounts(job: Pick<RegisterJob, 'outcomes'>): Record<PageOutcome['outcome'], number> {
  const counts = { registered: 0, existed: 0, failed: 0, unknown: 0 };
  for (const { outcome } of job.outcomes) counts[outcome] += 1;
  return counts;
}

/** The pages Retry sends again: those that failed or whose outcome is unknown. */
export function pagesToRetry(job: RegisterJob, rows: readonly QueuedPage[]): PageRow[] {
  return job.outcomes.flatMap(({ row, outcome }) => {
    const page = rows[row];
    return page && (outcome === 'failed' || outcome === 'unknown')
      ? [{ line: page.line, url: page.url, name: page.name }]
      : [];
  });
}
