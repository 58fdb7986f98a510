import type { ProjectApi } from '../api/project-api';
import type { ProjectInput } from '../api/project-input';
import { redactSecrets } from '../api/redact-secrets';
import type { ConnectionRepository } from '../connection/connection-repository';
import type { HistoryRecorder } from '../storage/history/history-writer';
import { NO_ACTIVITY, type ActivityRecorder } from '../activity/activity-recorder';
import { recordProjectRegistered } from '../activity/project-activity';

export interface ProjectServiceDeps {
  api: ProjectApi;
  connection: Pick<ConnectionRepository, 'require'>;
  history: Pick<HistoryRecorder, 'record'>;
  now?: () => Date;
  /** The activity log: each registration, done or not. */
  activity?: ActivityRecorder;
}

/** Creating a project in one workspace: with its connection, recorded in its history. */
export function createProjectService({
  api,
  connection,
  history,
  now = () => new Date(),
  activity = NO_ACTIVITY,
}: ProjectServiceDeps) {
  return {
    async createProject({ projectUrl, projectName }: ProjectInput) {
      const required = await connection.require('project');
      if (!required.ok) return required;
      const result = redactSecrets(
        await api.createProject(required.value, { projectUrl, projectName }),
        required.value,
      );
      // Recorded after the answer leaves, so the popup shows the id without waiting for two storage writes.
      // The history's queue keeps the order: the next popup's read (history.read) waits for this append,
      // so it already warns about the page; an append that fails is logged and the project stays shown.
      void (async () => {
        if (result.ok) {
          const { projectId } = result.value;
          await history.record({ projectId, projectUrl, projectName, createdAt: now().toISOString() });
        }
        await recordProjectRegistered(activity, { projectUrl, projectName }, result);
      })();
      return result;
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
