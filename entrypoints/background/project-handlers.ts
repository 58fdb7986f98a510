import type { ProjectApi } from '@/lib/api/project-api';
import { redactSecrets } from '@/lib/connection/redact-secrets';
import { requireConnection } from '@/lib/connection/require-connection';
import type { Handlers } from '@/lib/messaging/router';

export function createProjectHandlers(api: ProjectApi): Pick<Handlers, 'createProject'> {
  return {
    async createProject(input) {
      const connection = await requireConnection('project');
      if (!connection.ok) return connection;
      return redactSecrets(await api.createProject(connection.value, input), connection.value);
    },
  };
}
