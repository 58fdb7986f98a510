import { isPlainObject, json, parseJson } from './http-io.ts';
import type { Reply, RouteName } from './types.ts';

/** Exact paths, never normalised: a client that joins URLs wrongly must get a 404. */
export const USER_GROUP_PATH = '/ug/api/user';
export const PROJECT_PATH = '/projects/';

export type Api = 'userGroup' | 'project';

export function apiOfPath(path: string): Api | null {
  if (path === USER_GROUP_PATH) return 'userGroup';
  if (path === PROJECT_PATH) return 'project';
  return null;
}

/** Create and rotate share one method and path; only a non-empty current_token makes it a rotation. */
export function resolveRoute(method: string, path: string, bodyText: string | undefined): RouteName | null {
  const api = apiOfPath(path);
  if (api === 'project') return method === 'POST' ? 'project.create' : null;
  if (api !== 'userGroup') return null;
  if (method === 'DELETE') return 'userGroup.delete';
  if (method !== 'POST') return null;
  const parsed = bodyText === undefined ? { ok: false as const } : parseJson(bodyText);
  const token = parsed.ok && isPlainObject(parsed.value) ? parsed.value.current_token : undefined;
  return typeof token === 'string' && token !== '' ? 'userGroup.rotate' : 'userGroup.create';
}

export function apiOfRoute(route: RouteName): Api {
  return route === 'project.create' ? 'project' : 'userGroup';
}

/** The user-group API's failure body. */
export function userGroupFailure(status: number, message: string, headers?: Record<string, string>): Reply {
  return json(status, { success: 0, message }, headers);
}

/** The project API's failure body: the callable-function error convention. */
export function projectFailure(
  status: number,
  code: string,
  message: string,
  details?: object,
  headers?: Record<string, string>,
): Reply {
  const error = details === undefined ? { message, status: code } : { message, status: code, details };
  return json(status, { error }, headers);
}

export function notFound(): Reply {
  return projectFailure(404, 'NOT_FOUND', 'Not found');
}

export function methodNotAllowed(api: Api, method: string): Reply {
  if (api === 'userGroup') {
    return userGroupFailure(405, `Method ${method} is not allowed here; use POST or DELETE`, {
      allow: 'POST, DELETE',
    });
  }
  return projectFailure(405, 'INVALID_ARGUMENT', `Method ${method} is not allowed here; use POST`, undefined, {
    allow: 'POST',
  });
}

export function bodyTooLarge(api: Api | null): Reply {
  const message = 'Request body is larger than 1 MiB';
  return api === 'userGroup' ? userGroupFailure(413, message) : projectFailure(413, 'INVALID_ARGUMENT', message);
}

export const USER_GROUP_UNAUTHORIZED_MESSAGE = 'Invalid or missing API token';
export const PROJECT_UNAUTHORIZED_MESSAGE = 'Invalid API key or auth token';

export function unauthorized(api: Api): Reply {
  return api === 'userGroup'
    ? userGroupFailure(401, USER_GROUP_UNAUTHORIZED_MESSAGE)
    : projectFailure(401, 'UNAUTHENTICATED', PROJECT_UNAUTHORIZED_MESSAGE);
}
