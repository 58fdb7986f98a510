import { isActive } from '../storage/bulk-job/bulk-job-schema';
import type { UserGroupApi } from '../api/user-group-api';
import type { Connection } from '../connection/connection-repository';
import { fail, ok, type Result } from '../result';
import {
  canResume,
  cancelJob,
  markSending,
  newBulkJob,
  pauseJob,
  planBulkCreate,
  recordOutcome,
  resumeJob,
  rowAt,
  settleStaleInFlight,
} from './bulk-job';
import type { BulkJobStore } from '../storage/bulk-job/bulk-job-store';
import type { BulkJob, BulkJobRows, QueuedRow } from '../storage/bulk-job/bulk-job-schema';
import type { BulkRow } from '../storage/bulk-job/bulk-row-schema';
import { delayBeforeSend } from './bulk-pacing';
import { flagCutOffRow, sendRow, type SelectionOperations } from './bulk-send';
import type { RegistryWriter } from '../storage/registry/registry-writer';
import { text } from '../message-ref';
import type { ActivityRecorder } from '../activity/activity-recorder';

/** A worker idle for 30 s is stopped: longer waits end the loop and the alarm picks the job up again. */
export const MAX_IN_WORKER_WAIT_MS = 20_000;

/** The periodic alarm that restarts a job whose worker was stopped. */
export interface BulkAlarm {
  ensure(): Promise<void>;
  clear(): Promise<void>;
}

export interface BulkRunnerDeps {
  api: Pick<UserGroupApi, 'createUserGroup'>;
  registry: RegistryWriter;
  jobs: BulkJobStore;
  connect: () => Promise<Result<Connection>>;
  alarm: BulkAlarm;
  /** The single-row rotate and delete, for selection jobs (bulk-send.ts). */
  groups?: SelectionOperations;
  /** The activity log, for a bulk create's rows (a selection job's rows are recorded by `groups`). */
  activity?: ActivityRecorder;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  newId?: () => string;
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

const same = (job: BulkJob | null, id: string): job is BulkJob => job?.id === id;

export const JOB_UNDER_WAY = text('errorJobUnderWay');

export const ROWS_UNREADABLE = text('errorJobRowsUnreadable');

/**
 * Drives the stored bulk job: one row at a time, paced, each outcome persisted before the next row.
 * Nothing lives only in memory: a new runner (a restarted worker) carries on from storage.
 */
export function createBulkRunner(deps: BulkRunnerDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? abortableSleep;
  const maxWait = deps.maxInWorkerWaitMs ?? MAX_IN_WORKER_WAIT_MS;
  const { jobs } = deps;
  let wake = new AbortController();
  let loop: Promise<void> | undefined;
  let again = false;

  // The rows of the current job, read once per job (and once more by a new runner).
  let cachedRows: BulkJobRows | undefined;

  /** The job's rows; undefined when they are missing or belong to another job. */
  async function rowsOf(job: BulkJob): Promise<readonly QueuedRow[] | undefined> {
    if (cachedRows?.jobId !== job.id) cachedRows = (await jobs.readRows()) ?? undefined;
    return cachedRows?.jobId === job.id && cachedRows.rows.length === job.queued ? cachedRows.rows : undefined;
  }

  /** Without its rows a job cannot go on: it waits, paused with a message, and nothing is lost. */
  async function pauseWithoutRows(job: BulkJob): Promise<void> {
    await jobs.update((current) => ({
      job: same(current, job.id) ? pauseJob(current, ROWS_UNREADABLE, now()) : current,
      result: null,
    }));
  }

  async function sendOne(job: BulkJob, rows: readonly QueuedRow[], connection: Connection): Promise<void> {
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
    const outcome = await sendRow({ ...deps, now }, job.operation, row, connection, sentAt);
    await jobs.update((current) => ({
      job: same(current, job.id) ? recordOutcome(current, rows, position, outcome, now()) : current,
      result: null,
    }));
  }

  /** No request of this runner is under way here: a row still marked in flight was cut off. */
  async function settle(): Promise<void> {
    const job = await jobs.read();
    if (job?.inFlight === undefined) return;
    const rows = await rowsOf(job);
    if (!rows) return pauseWithoutRows(job);
    const cutOff = rowAt(job, rows, job.inFlight);
    if (cutOff) await flagCutOffRow(deps.registry, job.operation, cutOff, now());
    await jobs.update((current) => ({
      job: same(current, job.id) ? settleStaleInFlight(current, rows, now()) : current,
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

  /** Stores a new job (unless one is under way) and sets it going. */
  async function begin({
    job,
    rows,
  }: {
    job: BulkJob;
    rows: BulkJobRows;
  }): Promise<Result<{ total: number; skipped: number }>> {
    if (!(await jobs.start(job, rows))) return fail('INVALID_INPUT', JOB_UNDER_WAY);
    cachedRows = rows;
    if (job.status === 'running') {
      await deps.alarm.ensure();
      void kick();
    }
    return ok({ total: job.total, skipped: job.skipped });
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
            `Review Companion: the bulk create loop stopped (${error instanceof Error ? error.name : 'unknown'}); the alarm restarts it.`,
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

    /** A bulk create: rows already in the registry are skipped. */
    async start(
      rows: readonly BulkRow[],
      ratePerMinute: number | null,
    ): Promise<Result<{ total: number; skipped: number }>> {
      const connection = await deps.connect();
      if (!connection.ok) return connection;
      const plan = planBulkCreate(rows, await deps.registry.read());
      return begin(
        newBulkJob({
          id: deps.newId?.() ?? crypto.randomUUID(),
          rows: plan.toCreate,
          skipped: plan.alreadyInRegistry.length,
          ratePerMinute,
          now: now(),
        }),
      );
    },

    /** A selection job: each row (a group of the registry) rotated or deleted through the single-row handler. */
    async startSelection(
      operation: 'rotate' | 'delete',
      rows: readonly BulkRow[],
      ratePerMinute: number | null,
    ): Promise<Result<{ total: number; skipped: number }>> {
      const connection = await deps.connect();
      if (!connection.ok) return connection;
      return begin(
        newBulkJob({
          id: deps.newId?.() ?? crypto.randomUUID(),
          rows,
          skipped: 0,
          ratePerMinute,
          now: now(),
          operation,
        }),
      );
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

    async resume(): Promise<Result<Record<string, never>>> {
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

export type BulkRunner = ReturnType<typeof createBulkRunner>;
