import type { ProjectApi } from '../api/project-api';
import type { UserGroupApi } from '../api/user-group-api';
import { createCachedConnection } from '../connection/cached-connection';
import { createConnectionRepository, type ConnectionRepository } from '../connection/connection-repository';
import { createHistoryRecorder } from '../storage/history/history-writer';
import { createBulkJobStore } from '../storage/bulk-job/bulk-job-store';
import { createBulkRunner, type BulkAlarm } from '../user-groups/bulk-runner';
import type { SelectionActions } from '../user-groups/bulk-send';
import { settleOrphanedRotations } from '../user-groups/registry-updates';
import { createRegistryWriter, type RegistryWriter } from '../storage/registry/registry-writer';
import { createHealthRecorder } from './health-recorder';
import { recordProjectApi, recordUserGroupApi } from './recorded-apis';
import { workspaceScope } from '../storage/workspace-keys';

export interface WorkspaceServicesDeps {
  projectApi: ProjectApi;
  userGroupApi: UserGroupApi;
  /** The alarm that restarts this workspace's bulk job after the worker was stopped. */
  bulkAlarm: (workspaceId: string) => BulkAlarm;
  now?: () => Date;
  /** The single-row rotate and delete a selection job sends each group through (the background's user-group handlers). */
  selectionActions?: (parts: {
    api: UserGroupApi;
    connection: ConnectionRepository;
    registry: RegistryWriter;
  }) => SelectionActions;
}

/** A value made on first use (a popup that only creates a project never loads the registry); `peek` does not make it. */
function lazy<T>(make: () => T): (() => T) & { peek: () => T | undefined } {
  let made: { value: T } | undefined;
  return Object.assign(() => (made ??= { value: make() }).value, { peek: () => made?.value });
}

/**
 * Everything the background does for one workspace, each part made when first needed and then kept
 * for the life of the worker: its connection, its API clients (which record each call's outcome),
 * its registry writer, bulk job and history. Nothing here is shared with another workspace.
 */
export function createWorkspaceServices(workspaceId: string, deps: WorkspaceServicesDeps) {
  const now = deps.now ?? (() => new Date());
  const scope = workspaceScope(workspaceId);
  const health = lazy(() => createHealthRecorder(scope, now));
  const connection = lazy(() => createConnectionRepository(scope));
  const apis = lazy(() => ({
    project: recordProjectApi(deps.projectApi, health()),
    userGroup: recordUserGroupApi(deps.userGroupApi, health()),
  }));
  const registry = lazy(() => {
    const writer = createRegistryWriter(scope);
    // A rotation still `pending` when this worker first opens the registry was cut off by an earlier worker's end.
    void writer.update((current) => ({
      registry: settleOrphanedRotations(current, now().toISOString()),
      result: null,
    }));
    return writer;
  });
  const jobs = lazy(() => createBulkJobStore(scope));
  const selection = lazy(() =>
    deps.selectionActions?.({ api: apis().userGroup, connection: connection(), registry: registry() }),
  );
  const runner = lazy(() =>
    createBulkRunner({
      api: apis().userGroup,
      registry: registry(),
      jobs: jobs(),
      connect: createCachedConnection(scope, connection(), 'userGroup'),
      alarm: deps.bulkAlarm(workspaceId),
      selection,
    }),
  );
  const history = lazy(() => createHistoryRecorder(scope));

  /** Before the workspace's data is removed: its job is cancelled and every change already queued is written. */
  async function stop(): Promise<void> {
    const running = runner.peek();
    if (running) {
      await running.cancel();
      await running.idle();
    }
    await registry.peek()?.settled();
  }

  return { workspaceId, scope, health, connection, apis, registry, jobs, runner, history, stop };
}

export type WorkspaceServices = ReturnType<typeof createWorkspaceServices>;
