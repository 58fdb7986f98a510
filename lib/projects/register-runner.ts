import { NO_ACTIVITY, type ActivityRecorder } from '../activity/activity-recorder';
import { recordProjectRegistered } from '../activity/project-activity';
import type { ProjectApi } from '../api/project-api';
import { redactSecrets } from '../api/redact-secrets';
import type { Connection } from '../connection/connection-repository';
import { classifyAnswer, type RowOutcome } from '../jobs/job-outcome';
import { createJobRunner, type JobAlarm } from '../jobs/job-runner';
import type { Result } from '../result';
import { withSecretsOpen } from '../storage/credentials/credentials-lane';
import type { HistoryRecorder } from '../storage/history/history-writer';
import { LOCKED_MESSAGE } from '../storage/lock/lock-keys';
import type { RegisterJobStore } from '../storage/register-job/register-job-store';
import type { PageRow, QueuedPage, RegisterJob } from '../storage/register-job/register-job-schema';
import { newRegisterJob, recordPageOutcome } from './register-job';

export interface RegisterRunnerDeps {
  api: Pick<ProjectApi, 'createProject'>;
  history: HistoryRecorder;
  jobs: RegisterJobStore;
  /** The workspace's project API connection (checked before every page: a change applies from the next one). */
  connect: () => Promise<Result<Connection>>;
  alarm: JobAlarm;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  newId?: () => string;
  maxInWorkerWaitMs?: number;
  /** The activity log: each page sent, registered or not, as the popup's Create project records it. */
  activity?: ActivityRecorder;
}

/**
 * Sends one page. The key stays at hand until the project is in the history: a lock closing meanwhile
 * waits for it (withSecretsOpen), and a page is never sent while the lock is closed (the job pauses).
 */
export function sendPage(
  deps: Pick<RegisterRunnerDeps, 'api' | 'history' | 'activity'> & { now: () => number },
  page: PageRow,
  connection: Connection,
  sentAt: number,
): Promise<RowOutcome> {
  return withSecretsOpen(
    (): RowOutcome => ({ kind: 'blocked', message: LOCKED_MESSAGE }),
    async () => {
      const input = { projectUrl: page.url, projectName: page.name };
      const answer = redactSecrets(await deps.api.createProject(connection, input), connection);
      if (answer.ok) {
        // In the history before the next request (and before the job records it).
        const { projectId } = answer.value;
        await deps.history.record({ projectId, ...input, createdAt: new Date(deps.now()).toISOString() });
      }
      // One entry per page sent, worded as the popup's (a page already registered is a failed attempt).
      await recordProjectRegistered(deps.activity ?? NO_ACTIVITY, input, answer);
      if (answer.ok) return { kind: 'created', id: answer.value.projectId };
      // The service has a project for this page (one per site): its id when the service names it.
      if (answer.error.code === 'ALREADY_EXISTS') return { kind: 'existed', id: answer.error.relatedId };
      return classifyAnswer(answer, sentAt, 'created');
    },
  );
}

/** A workspace's register-pages job on the runner every job shares (lib/jobs/job-runner.ts). */
export function createRegisterRunner(deps: RegisterRunnerDeps) {
  const now = deps.now ?? Date.now;
  const runner = createJobRunner<RegisterJob, QueuedPage>(
    {
      name: 'register pages',
      store: deps.jobs,
      send: (_job, page, connection, sentAt) => sendPage({ ...deps, now }, page, connection, sentAt),
      record: recordPageOutcome,
    },
    { ...deps, now },
  );
  return {
    kick: runner.kick,
    wake: runner.wake,
    idle: runner.idle,
    cancel: () => runner.cancel(),
    resume: () => runner.resume(),

    /** Registers these pages (already checked and without duplicates: the page's plan); `skipped` is what the plan left out. */
    async start(pages: readonly PageRow[], skipped: number, ratePerMinute: number | null) {
      const connection = await deps.connect();
      if (!connection.ok) return connection;
      const { job, rows } = newRegisterJob({
        id: deps.newId?.() ?? crypto.randomUUID(),
        pages,
        skipped,
        ratePerMinute,
        now: now(),
      });
      return runner.begin(job, rows);
    },
  };
}

export type RegisterRunner = ReturnType<typeof createRegisterRunner>;
