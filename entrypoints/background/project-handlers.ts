import type { ProjectApi } from '@/lib/api/project-api';
import type { ConnectionRepository } from '@/lib/connection/connection-repository';
import { redactSecrets } from '@/lib/api/redact-secrets';
import type { WorkspaceHandlers } from './workspace-dispatch';
import type { HistoryRecorder } from '@/lib/storage/history/history-writer';

/** Creating a project in one workspace: with its connection, recorded in its history. */
export function createProjectHandlers(
  api: ProjectApi,
  connection: Pick<ConnectionRepository, 'require'>,
  history: HistoryRecorder,
  now: () => Date = () => new Date(),
): Pick<WorkspaceHandlers, 'createProject'> {
  return {
    async createProject({ projectUrl, projectName }) {
      const required = await connection.require('project');
      if (!required.ok) return required;
      const result = redactSecrets(
        await api.createProject(required.value, { projectUrl, projectName }),
        required.value,
      );
      // Recorded before the popup hears of it, so that the next popup already knows the page.
      if (result.ok)
        await history.record({
          projectId: result.value.projectId,
          projectUrl,
          projectName,
          createdAt: now().toISOString(),
        });
      return result;
    },
  };
}
