import type { UserGroupApi } from '../../api/user-group-api';
import type { Connection } from '../../connection/connection-repository';
import type { Result } from '../../result';
import { newBulkJob, planBulkCreate, recordOutcome } from './bulk-job';
import type { BulkJobStore } from '../../storage/bulk-job/bulk-job-store';
import type { BulkJob, QueuedRow } from '../../storage/bulk-job/bulk-job-schema';
import type { BulkRow } from '../../storage/bulk-job/bulk-row-schema';
import { flagCutOffRow, sendRow, type RowSenders, type SelectionOperations } from './bulk-send';
import type { RegistryWriter } from '../../storage/registry/registry-writer';
import type { ActivityRecorder } from '../../activity/activity-recorder';
import { createJobRunner, type JobAlarm } from '../../jobs/job-runner';

export { abortableSleep, JOB_UNDER_WAY, MAX_IN_WORKER_WAIT_MS, ROWS_UNREADABLE } from '../../jobs/job-runner';

/** The periodic alarm that restarts a job whose worker was stopped. */
export type BulkAlarm = JobAlarm;

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
  /** Where a rotate job keeps each new token (bulk-send.ts). */
  rotationResults?: RowSenders['rotationResults'];
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  newId?: () => string;
  maxInWorkerWaitMs?: number;
}

/**
 * A workspace's user-group job (bulk create, or a selection's rotate or delete) on the runner every
 * job shares (lib/jobs/job-runner.ts): each row through the user-group API or the single-row operations.
 */
export function createBulkRunner(deps: BulkRunnerDeps) {
  const now = deps.now ?? Date.now;
  const newId = () => deps.newId?.() ?? crypto.randomUUID();
  const runner = createJobRunner<BulkJob, QueuedRow>(
    {
      name: 'bulk create',
      store: deps.jobs,
      send: (job, row, connection, sentAt, commit) => sendRow({ ...deps, now }, job, row, connection, sentAt, commit),
      record: recordOutcome,
      onCutOff: (job, row, at) => flagCutOffRow(deps.registry, job.operation, row, at),
    },
    { ...deps, now },
  );

  return {
    kick: runner.kick,
    wake: runner.wake,
    idle: runner.idle,
    cancel: () => runner.cancel(),
    resume: () => runner.resume(),

    /** A bulk create: rows already in the registry are skipped. */
    async start(
      rows: readonly BulkRow[],
      ratePerMinute: number | null,
    ): Promise<Result<{ total: number; skipped: number }>> {
      const connection = await deps.connect();
      if (!connection.ok) return connection;
      const plan = planBulkCreate(rows, await deps.registry.read());
      const { job, rows: stored } = newBulkJob({
        id: newId(),
        rows: plan.toCreate,
        skipped: plan.alreadyInRegistry.length,
        ratePerMinute,
        now: now(),
      });
      return runner.begin(job, stored);
    },

    /** A selection job: each row (a group of the registry) rotated or deleted through the single-row handler. */
    async startSelection(
      operation: 'rotate' | 'delete',
      rows: readonly BulkRow[],
      ratePerMinute: number | null,
    ): Promise<Result<{ total: number; skipped: number }>> {
      const connection = await deps.connect();
      if (!connection.ok) return connection;
      const { job, rows: stored } = newBulkJob({ id: newId(), rows, skipped: 0, ratePerMinute, now: now(), operation });
      return runner.begin(job, stored);
    },
  };
}

export type BulkRunner = ReturnType<typeof createBulkRunner>;
