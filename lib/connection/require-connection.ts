import { fail, ok, type Result } from '../result';
import { loadConnection, type Connection } from './connection-repository';
import { accessNotGrantedMessage, findMissingAccess } from './host-access';

type Api = 'project' | 'userGroup';

const NOT_CONFIGURED: Record<Api, string> = {
  project: 'The project API is not set up yet. Open the settings and enter its address, API key and auth token.',
  userGroup: 'The user group API is not set up yet. Open the settings and enter its base URL and API token.',
};

/**
 * The connection, if the given API is configured and the browser lets the extension reach it. A secret
 * stored for another origin than the configured address reads as not set (loadConnection), so it
 * is never sent there.
 */
export async function requireConnection(api: Api): Promise<Result<Connection>> {
  const connection = await loadConnection();
  const ready =
    api === 'project'
      ? connection.projectApiUrl && connection.apiKey && connection.authToken
      : connection.userGroupBaseUrl && connection.apiToken;
  if (!ready) return fail('NOT_CONFIGURED', NOT_CONFIGURED[api]);
  const [missing] = await findMissingAccess([api === 'project' ? connection.projectApiUrl : connection.userGroupBaseUrl]);
  if (missing) return fail('ACCESS_NOT_GRANTED', accessNotGrantedMessage(missing));
  return ok(connection);
}
