import type { Connection } from '../connection/connection-repository';
import { fail, ok, type Result } from '../result';
import { isActive, type JobProgress, type JobRows, type QueuedJobRow } from '../storage/jobs/job-progress-schema';
import type { JobStore } from '../storage/jobs/job-store';
import { canResume, cancelJob, markSending, pauseJob, resumeJob, rowAt, STOPPED_OUTCOME } from './job-queue';
import type { RowOutcome } from './job-outcome';
import { delayBeforeSend } from './job-pacing';
import { text } from '../message-ref';
import { abandonStaged, commitTogether, type StagedWrite } from '../storage/staged-write';

/** A worker idle for 30 s is stopped: longer waits end the loop and the alarm picks the job up again. */
export const MAX_IN_WORKER_WAIT_MS = 20_000;

/** The periodic alarm that restarts a job whose worker was stopped. */
export interface JobAlarm {
  ensure(): Promise<void>;
  clear(): Promise<void>;
}

/** What makes a kind of job: its store, how it sends a row, how it records an outcome. */
export interface JobKind<J extends JobProgress, R extends QueuedJobRow> {
  /** For the log, never shown: "bulk create", "register pages". */
  name: string;
  store: JobStore<J, R>;
  /**
   * Sends a row. A kind whose row changes other stores may hand their staged changes to `commit`, which
   * stores them with the row's outcome in one storage call (called at most once, before it answers);
   * otherwise the runner records the outcome on its own.
   */
  send(job: J, row: R, connection: Connection, sentAt: number, commit: RowCommit): Promise<RowOutcome>;
  /** The kind's recordOutcome (lib/jobs/job-queue.ts with its own counts). */
  record(job: J, rows: readonly R[], position: number, outcome: RowOutcome, now: number): J;
  /** A row cut off by a stopped worker, before it is recorded as of unknown outcome (flag what it may have done). */
  onCutOff?(job: J, row: R, now: number): Promise<void>;
}

/**
 * Stores a row's outcome in the job together with what the row changed elsewhere (staged by those
 * stores, lib/storage/staged-write.ts): one storage call, so that a worker stopped at any point leaves
 * either all of it or none (the row then still in flight: it is settled as cut off, see `settle`).
 */
export type RowCommit = (outcome: RowOutcome, staged: readonly StagedWrite[]) => Promise<void>;

export interface JobRunnerDeps {
  connect: () => Promise<Result<Connection>>;
  alarm: JobAlarm;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  maxInWorkerWaitMs?: number;
}

/** setTimeout that a cancel can cut short. Only used while the worker is busy with the job. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

export const JOB_UNDER_WAY = text('errorJobUnderWay');

export const ROWS_UNREADABLE = text('errorJobRowsUnreadable');

/**
 * Drives a stored job of one kind: one row at a time, paced, each outcome persisted before the next
 * row. Nothing lives only in memory: a new runner (a restarted worker) carries on from storage.
 */
export function createJobRunner<J extends JobProgress, R extends QueuedJobRow>(
  kind: JobKind<J, R>,
  deps: JobRunnerDeps,
) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? abortableSleep;
  const maxWait = deps.maxInWorkerWaitMs ?? MAX_IN_WORKER_WAIT_MS;
  const jobs = kind.store;
  const same = (job: J | null, id: string): job is J => job?.id === id;
  let wake = new AbortController();
  let loop: Promise<void> | undefined;
  let again = false;

  // The rows of the current job, read once per job (and once more by a new runner).
  let cachedRows: JobRows<R> | undefined;

  /** The job's rows; undefined when they are missing or belong to another job. */
  async function rowsOf(job: J): Promise<readonly R[] | undefined> {
    if (cachedRows?.jobId !== job.id) cachedRows = (await jobs.readRows()) ?? undefined;
    return cachedRows?.jobId === job.id && cachedRows.rows.length === job.queued ? cachedRows.rows : undefined;
  }

  /** Without its rows a job cannot go on: it waits, paused with a message, and nothing is lost. */
  async function pauseWithoutRows(job: J): Promise<void> {
    await jobs.update((current) => ({
      job: same(current, job.id) ? pauseJob(current, ROWS_UNREADABLE, now()) : current,
      result: null,
    }));
  }

  async function sendOne(job: J, rows: readonly R[], connection: Connection): Promise<void> {
    const position = job.next;
    const row = rowAt(job, rows, position);
    if (!row) return pauseWithoutRows(job);
    const sentAt = now();
    const sending = await jobs.update((current) =>
      same(current, job.id) && current.status === 'running' && current.next === position
        ? { job: markSending(current, position, sentAt), result: true }
        : { job: current, result: false },
    );
    if (!sending) return;
    const record = (outcome: RowOutcome) => (current: J | null) => ({
      job: same(current, job.id) ? kind.record(current, rows, position, outcome, now()) : current,
      result: null,
    });
    let committed = false;
    const commit: RowCommit = async (outcome, staged) => {
      if (committed) throw new Error('a row is recorded once');
      committed = true;
      let recorded: StagedWrite;
      try {
        recorded = await jobs.stage(record(outcome));
      } catch (error) {
        await abandonStaged(staged, error);
        throw error;
      }
      await commitTogether([...staged, recorded]);
    };
    const outcome = await kind.send(job, row, connection, sentAt, commit);
    if (committed) return;
    await jobs.update(record(outcome));
  }

  /** No request of this runner is under way here: a row still marked in flight was cut off. */
  async function settle(): Promise<void> {
    const job = await jobs.read();
    if (job?.inFlight === undefined) return;
    const rows = await rowsOf(job);
    if (!rows) return pauseWithoutRows(job);
    const position = job.inFlight;
    const cutOff = rowAt(job, rows, position);
    if (cutOff) await kind.onCutOff?.(job, cutOff, now());
    await jobs.update((current) => ({
      job:
        same(current, job.id) && current.inFlight !== undefined
          ? kind.record(current, rows, current.inFlight, STOPPED_OUTCOME, now())
          : current,
      result: null,
    }));
  }

  async function run(): Promise<void> {
    await settle();
    for (;;) {
      const job = await jobs.read();
      if (job?.status !== 'running') return deps.alarm.clear();
      const wait = delayBeforeSend(job.notBefore, now());
      if (wait > maxWait) return deps.alarm.ensure();
      if (wait > 0) {
        await sleep(wait, wake.signal);
        continue;
      }
      const rows = await rowsOf(job);
      if (!rows) {
        await pauseWithoutRows(job);
        continue;
      }
      const connection = await deps.connect();
      if (!connection.ok) {
        const { message } = connection.error;
        await jobs.update((current) => ({
          job: same(current, job.id) ? pauseJob(current, message, now()) : current,
          result: null,
        }));
        continue;
      }
      await sendOne(job, rows, connection.value);
    }
  }

  /** Runs the loop unless it is running already; a kick during a run runs it once more after. */
  function kick(): Promise<void> {
    if (loop) {
      again = true;
      return loop;
    }
    loop = (async () => {
      do {
        again = false;
        await run().catch((error: unknown) => {
          console.error(
            `Review Companion: the ${kind.name} loop stopped (${error instanceof Error ? error.name : 'unknown'}); the alarm restarts it.`,
          );
        });
      } while (again);
    })().finally(() => {
      loop = undefined;
    });
    return loop;
  }

  return {
    kick,
    /** Worker start and the alarm: carry on with a running job, if any. */
    wake: kick,
    /** Resolves once no loop runs (after a cancel: once the request in flight is answered and recorded). */
    idle: (): Promise<void> => loop ?? Promise.resolve(),

    /** Stores a new job (unless one is under way) and sets it going. */
    async begin(job: J, rows: JobRows<R>): Promise<Result<{ total: number; skipped: number }>> {
      if (!(await jobs.start(job, rows))) return fail('INVALID_INPUT', JOB_UNDER_WAY);
      cachedRows = rows;
      if (job.status === 'running') {
        await deps.alarm.ensure();
        void kick();
      }
      return ok({ total: job.total, skipped: job.skipped });
    },

    /** Stops after the request in flight (its outcome is still recorded). */
    async cancel(): Promise<Result<Record<string, never>>> {
      const cancelled = await jobs.update((current) =>
        isActive(current) ? { job: cancelJob(current, now()), result: true } : { job: current, result: false },
      );
      wake.abort();
      wake = new AbortController();
      await deps.alarm.clear();
      return cancelled ? ok({}) : fail('NOT_FOUND', text('errorNoJob'));
    },

    /**
     * Carries on with a paused job, or a cancelled one with rows not sent. Only when the job can go on:
     * what would pause it again at once (the lock closed, no credentials, no host access) is answered
     * instead, and the job stays as it was, so that the page never says "resumed" over a job that is
     * still paused (issue 41). A job already running (the unlock resumed it) is answered as resumed.
     */
    async resume(): Promise<Result<Record<string, never>>> {
      const stored = await jobs.read();
      if (stored?.status === 'running') return ok({});
      if (!canResume(stored)) return fail('NOT_FOUND', text('errorNoJobToResume'));
      const connection = await deps.connect();
      if (!connection.ok) return connection;
      const resumed = await jobs.update((current) =>
        canResume(current) ? { job: resumeJob(current, now()), result: true } : { job: current, result: false },
      );
      if (!resumed) return fail('NOT_FOUND', text('errorNoJobToResume'));
      await deps.alarm.ensure();
      void kick();
      return ok({});
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
