import type { ProjectApi } from '@/lib/api/project-api';
import type { UserGroupApi } from '@/lib/api/user-group-api';
import type { JobAlarm } from '@/lib/jobs/job-runner';
import { createRegisterRunner } from '@/lib/projects/register-runner';
import { createRegisterJobStore } from '@/lib/storage/register-job/register-job-store';
import { createCachedConnection, createCachedStatus } from '@/lib/connection/cached-connection';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import { createConnectionService, type ConnectionPolicy } from '@/lib/connection/connection-service';
import { createProjectService } from '@/lib/projects/project-service';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { createHistoryRecorder } from '@/lib/storage/history/history-writer';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { createBulkJobs } from '@/lib/user-groups/bulk/bulk-jobs';
import { createBulkRunner, type BulkAlarm } from '@/lib/user-groups/bulk/bulk-runner';
import { createGroupOperations } from '@/lib/user-groups/operations/group-operations';
import { settleOrphanedRotations } from '@/lib/user-groups/operations/registry-updates';
import { createRegistryTransfer } from '@/lib/user-groups/transfer/registry-transfer';
import { createHealthRecorder } from '@/lib/workspaces/health-recorder';
import { recordProjectApi, recordUserGroupApi } from '@/lib/workspaces/recorded-apis';
import type { ActivityRecorder } from '@/lib/activity/activity-recorder';
import { createAfterAnswer } from '@/lib/async/after-answer';
import { readPolicyTokenRotation } from '@/lib/storage/policy-status';
import { recordJobTransitions } from '@/lib/user-groups/bulk/job-activity';
import { createRotationService } from '@/lib/user-groups/rotation/rotation-service';
import { createRotationResults } from '@/lib/user-groups/rotation/rotation-results';
import { createRotationResultsStore } from '@/lib/storage/credentials/rotation-results-store';

export interface WorkspaceServicesDeps {
  projectApi: ProjectApi;
  userGroupApi: UserGroupApi;
  /** The alarm that restarts this workspace's bulk job after the worker was stopped. */
  bulkAlarm: (workspaceId: string) => BulkAlarm;
  /** The alarm that restarts this workspace's register-pages job. */
  registerAlarm: (workspaceId: string) => JobAlarm;
  now?: () => Date;
}

/** What the rest of the background tells one workspace's services about the others and the policy. */
export interface WorkspaceContext {
  addressesElsewhere: () => Promise<string[]>;
  policy: ConnectionPolicy;
  /** The activity log, naming this workspace in every entry. */
  activity: ActivityRecorder;
}

/** A value made on first use (a popup that only creates a project never loads the registry); `peek` does not make it. */
function lazy<T>(make: () => T): (() => T) & { peek: () => T | undefined } {
  let made: { value: T } | undefined;
  return Object.assign(() => (made ??= { value: make() }).value, { peek: () => made?.value });
}

/**
 * The composition root of one workspace: each service built from its stores and clients, made when
 * first needed and then kept for the life of the worker. Its connection, its API clients (which record
 * each call's outcome), its registry, group operations, history, bulk job. Nothing is shared with
 * another workspace.
 */
export function createWorkspaceServices(workspaceId: string, deps: WorkspaceServicesDeps, context: WorkspaceContext) {
  const now = deps.now ?? (() => new Date());
  const scope = workspaceScope(workspaceId);
  const { activity } = context;
  const health = lazy(() => createHealthRecorder(scope, now));
  // Create project's records (API health, history, activity) are written after its answer has left;
  // stop() waits for them, so that none lands after the workspace's data is removed.
  const afterAnswer = createAfterAnswer();
  const repository = lazy(() => createConnectionRepository(scope));
  const connection = lazy(() =>
    createConnectionService({
      repository: repository(),
      workspaceId,
      addressesElsewhere: context.addressesElsewhere,
      policy: context.policy,
      activity,
    }),
  );
  // What the popup asks at every opening, and Create project before every request, kept warm in memory
  // until the workspace's connection, the lock or the permissions change (lib/connection/cached-connection.ts).
  const status = lazy(() => createCachedStatus(scope, () => connection().status()));
  const projectConnection = lazy(() => {
    const cached = createCachedConnection(scope, repository(), 'project');
    return { require: (api: 'project' | 'userGroup') => (api === 'project' ? cached() : repository().require(api)) };
  });
  const apis = lazy(() => ({
    project: recordProjectApi(deps.projectApi, health(), afterAnswer),
    userGroup: recordUserGroupApi(deps.userGroupApi, health()),
  }));
  const registry = lazy(() => {
    const writer = createRegistryWriter(scope, createPartTokenVault(scope));
    // A rotation still `pending` when this worker first opens the registry was cut off by an earlier worker's end.
    void writer.update((current) => ({
      registry: settleOrphanedRotations(current, now().toISOString()),
      result: null,
    }));
    return writer;
  });
  const groups = lazy(() =>
    createGroupOperations({
      api: apis().userGroup,
      connection: repository(),
      registry: registry(),
      now: () => now().toISOString(),
      activity,
    }),
  );
  const transfer = lazy(() => createRegistryTransfer({ registry: registry(), scope, now, activity }));
  // Every change of the job's state (started, paused, resumed, ended) is recorded, whoever makes it.
  const jobStore = lazy(() => recordJobTransitions(createBulkJobStore(scope), activity));
  // Every new token a rotate job produced, stored with the group's, until the admin clears them.
  const rotationResults = lazy(() =>
    createRotationResults({ store: createRotationResultsStore(scope), jobs: jobStore(), registry: registry() }),
  );
  const runner = lazy(() =>
    createBulkRunner({
      api: apis().userGroup,
      registry: registry(),
      jobs: jobStore(),
      connect: createCachedConnection(scope, repository(), 'userGroup'),
      alarm: deps.bulkAlarm(workspaceId),
      groups: groups(),
      activity,
      rotationResults: rotationResults(),
    }),
  );
  const jobs = lazy(() => createBulkJobs({ runner: runner(), registry: registry(), scope }));
  const rotation = lazy(() =>
    createRotationService({
      scope,
      registry: registry(),
      jobs: jobStore(),
      results: rotationResults(),
      runner: runner(),
      policy: readPolicyTokenRotation,
      activity,
      now,
    }),
  );
  // One recorder per workspace: the popup's projects and the register job's pages append in one queue.
  const history = lazy(() => createHistoryRecorder(scope));
  const projects = lazy(() =>
    createProjectService({
      api: apis().project,
      connection: projectConnection(),
      history: history(),
      now,
      activity,
      afterAnswer,
    }),
  );
  const registerRunner = lazy(() =>
    createRegisterRunner({
      api: apis().project,
      history: history(),
      jobs: createRegisterJobStore(scope),
      connect: () => projectConnection().require('project'),
      alarm: deps.registerAlarm(workspaceId),
      now: () => now().getTime(),
      activity,
    }),
  );

  /**
   * Before the workspace's data is removed: its job is cancelled, every change already queued is
   * written (the records Create project writes after its answer included), and its connection takes no
   * more saves (one racing the removal must not write a secret back).
   */
  async function stop(): Promise<void> {
    for (const running of [runner.peek(), registerRunner.peek()]) {
      if (!running) continue;
      await running.cancel();
      await running.idle();
    }
    await afterAnswer.settled();
    await registry.peek()?.settled();
    await repository.peek()?.close();
  }

  return {
    workspaceId,
    scope,
    /** Resolves once the records written after answers (Create project's history entry…) are stored. */
    recordsWritten: () => afterAnswer.settled(),
    repository,
    connection,
    status,
    history,
    registry,
    groups,
    transfer,
    runner,
    jobs,
    rotation,
    rotationResults,
    projects,
    registerRunner,
    stop,
  };
}

export type WorkspaceServices = ReturnType<typeof createWorkspaceServices>;
