import type { ProjectApi } from '../api/project-api';
import type { UserGroupApi } from '../api/user-group-api';
import { EMPTY_CREDENTIALS, type Credentials } from '../storage/connection/connection-schema';
import { redactSecrets } from '../api/redact-secrets';
import type { Result } from '../result';
import type { HealthApi } from '../storage/api-health';
import type { HealthRecorder } from './health-recorder';

/** The secrets among what a call was given (the handlers pass the whole connection). */
const secretsOf = (credentials: object): Credentials => ({
  ...EMPTY_CREDENTIALS,
  ...(credentials as Partial<Credentials>),
});

/** Wraps one API call: once it is answered, its outcome is recorded (redacted) before the caller sees it. */
function recorded<A extends [object, ...unknown[]], T>(
  api: HealthApi,
  call: (...args: A) => Promise<Result<T>>,
  health: HealthRecorder,
) {
  return async (...args: A): Promise<Result<T>> => {
    const result = await call(...args);
    await health.record(api, redactSecrets(result, secretsOf(args[0])));
    return result;
  };
}

/** The project API of one workspace: every call's outcome is recorded in its health. */
export function recordProjectApi(api: ProjectApi, health: HealthRecorder): ProjectApi {
  return {
    createProject: recorded(
      'project',
      (...args: Parameters<ProjectApi['createProject']>) => api.createProject(...args),
      health,
    ),
  };
}

/** The user-group API of one workspace: every call's outcome is recorded in its health. */
export function recordUserGroupApi(api: UserGroupApi, health: HealthRecorder): UserGroupApi {
  return {
    createUserGroup: recorded(
      'userGroup',
      (...args: Parameters<UserGroupApi['createUserGroup']>) => api.createUserGroup(...args),
      health,
    ),
    rotateToken: recorded(
      'userGroup',
      (...args: Parameters<UserGroupApi['rotateToken']>) => api.rotateToken(...args),
      health,
    ),
    deleteUserGroup: recorded(
      'userGroup',
      (...args: Parameters<UserGroupApi['deleteUserGroup']>) => api.deleteUserGroup(...args),
      health,
    ),
  };
}
