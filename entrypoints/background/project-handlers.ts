import type { ProjectApi } from '@/lib/api/project-api';
import { redactSecrets } from '@/lib/connection/redact-secrets';
import { requireConnection } from '@/lib/connection/require-connection';
import type { Handlers } from '@/lib/messaging/router';
import { createHistoryRecorder, type HistoryRecorder } from '@/lib/projects/history-writer';

export function createProjectHandlers(
  api: ProjectApi,
  history: HistoryRecorder = createHistoryRecorder(),
  now: () => Date = () => new Date(),
): Pick<Handlers, 'createProject'> {
  return {
    async createProject(input) {
      const connection = await requireConnection('project');
      if (!connection.ok) return connection;
      const result = redactSecrets(await api.createProject(connection.value, input), connection.value);
      // Recorded before the popup hears of it, so that the next popup already knows the page.
      if (result.ok) {
        const { projectUrl, projectName } = input;
        await history.record({ projectId: result.value.projectId, projectUrl, projectName, createdAt: now().toISOString() });
      }
      return result;
    },
  };
}
