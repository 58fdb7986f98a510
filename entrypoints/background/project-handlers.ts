import type { ProjectApi } from '@/lib/api/project-api';
import { loadConnection } from '@/lib/connection/connection-repository';
import { accessNotGrantedMessage, findMissingAccess } from '@/lib/connection/host-access';
import { redactSecrets } from '@/lib/connection/redact-secrets';
import type { Handlers } from '@/lib/messaging/router';
import { fail } from '@/lib/result';

export function createProjectHandlers(api: ProjectApi): Pick<Handlers, 'createProject'> {
  return {
    async createProject(input) {
      const connection = await loadConnection();
      if (!connection.projectApiUrl || !connection.apiKey || !connection.authToken) {
        return fail('NOT_CONFIGURED', 'The project API is not set up yet. Open the settings and enter its address, API key and auth token.');
      }
      const [missing] = await findMissingAccess([connection.projectApiUrl]);
      if (missing) return fail('ACCESS_NOT_GRANTED', accessNotGrantedMessage(missing));
      return redactSecrets(await api.createProject(connection, input), connection);
    },
  };
}
