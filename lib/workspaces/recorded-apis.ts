import type { ProjectApi } from '../api/project-api';
import type { UserGroupApi } from '../api/user-group-api';
import type { Credentials } from '../secrets';
import { redactSecrets } from '../api/redact-secrets';
import type { Result } from '../result';
import type { HealthApi } from '../storage/api-health';
import type { HealthRecorder } from './health-recorder';
import type { AfterAnswer } from '../async/after-answer';

/** The group token a call sends: rotate's second argument, delete's `currentToken` (create sends none). */
const tokenSent = (request: unknown): string =>
  typeof request === 'string' ? request : ((request as { currentToken?: string }).currentToken ?? '');

/**
 * Wraps one API call: once it is answered, its outcome is recorded, cleared of every secret of the
 * request (the credentials it was given, and the group token it sent), before the caller sees it, or,
 * with `afterAnswer`, after the answer of the request that made the call has left.
 */
function recorded<A extends [Partial<Credentials>, unknown], T>(
  api: HealthApi,
  call: (...args: A) => Promise<Result<T>>,
  health: HealthRecorder,
  afterAnswer?: AfterAnswer,
) {
  return async (...args: A): Promise<Result<T>> => {
    const result = await call(...args);
    const outcome = redactSecrets(result, args[0], [tokenSent(args[1])]);
    if (afterAnswer) afterAnswer.later((turn) => turn.then(() => health.record(api, outcome)));
    else await health.record(api, outcome);
    return result;
  };
}

/**
 * The project API of one workspace: every call's outcome is recorded in its health (after the answer
 * with `afterAnswer`: Create project's id is shown without waiting for the record's read and write).
 */
export function recordProjectApi(api: ProjectApi, health: HealthRecorder, afterAnswer?: AfterAnswer): ProjectApi {
  return {
    createProject: recorded(
      'project',
      (...args: Parameters<ProjectApi['createProject']>) => api.createProject(...args),
      health,
      afterAnswer,
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
