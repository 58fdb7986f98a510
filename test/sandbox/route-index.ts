/**
 * What a person (or a second `npm run dev`) gets from a GET on the addresses the sandbox prints: the
 * origin, the user-group API base and the project API base each answer with the routes under them.
 * Not recorded as API requests, and only GET/HEAD: a client that POSTs to a base still gets a 404.
 */
import { PROJECT_PATH, USER_GROUP_PATH } from './routes.ts';
import type { Reply } from './types.ts';

/** The `service` value of GET / : how a second `npm run dev` recognises a sandbox on the port. */
export const SANDBOX_SERVICE = 'review-companion-sandbox';

export const USER_GROUP_BASE_PATH = '/ug';
export const PROJECT_BASE_PATH = '/projects';

export interface IndexInfo {
  origin: string;
  /** What started this sandbox, e.g. "npm run dev"; null for tests. */
  startedBy: string | null;
  pid: number;
}

interface RouteDoc {
  method: string;
  path: string;
  url: string;
  does: string;
}

function userGroupRoutes(origin: string): RouteDoc[] {
  const url = `${origin}${USER_GROUP_PATH}`;
  return [
    {
      method: 'POST',
      path: USER_GROUP_PATH,
      url,
      does:
        'Create a user group (get-or-create): body {"current_token": "", "name", "user_group_id", ' +
        '"api_environment_tag": "Customer" | "Testing"}; answers {"success": 1, "user_group": {…}}.',
    },
    {
      method: 'POST',
      path: USER_GROUP_PATH,
      url,
      does: 'Rotate a group\'s token: body {"current_token": "<the group\'s token>"}; the new token is user_group.token.',
    },
    {
      method: 'DELETE',
      path: USER_GROUP_PATH,
      url,
      does: 'Delete a user group: body {"current_token", "user_group_id", "data_source_provided_id"?}; answers {"success": 1}.',
    },
  ];
}

function projectRoutes(origin: string): RouteDoc[] {
  return [
    {
      method: 'POST',
      path: PROJECT_PATH,
      url: `${origin}${PROJECT_PATH}`,
      does:
        'Create a project: body {"data": {"projectUrl", "projectName"}}; answers ' +
        '{"result": {"status": "success", "message", "data": {"projectId"}}}, or {"error": {"message", "status"}}.',
    },
  ];
}

const USER_GROUP_AUTH = 'Authorization: Token <API token>';
const PROJECT_AUTH = 'x-service-api-key: <API key>, x-service-auth-token: <Auth token>';
const CONTRACT = 'docs/service-contract.md in the repository';

function userGroupIndex(origin: string): object {
  return {
    api: 'user-group API (Review Companion sandbox)',
    baseUrl: `${origin}${USER_GROUP_BASE_PATH}`,
    auth: USER_GROUP_AUTH,
    routes: userGroupRoutes(origin),
    contract: CONTRACT,
  };
}

function projectIndex(origin: string): object {
  return {
    api: 'project API (Review Companion sandbox)',
    baseUrl: `${origin}${PROJECT_BASE_PATH}`,
    auth: PROJECT_AUTH,
    routes: projectRoutes(origin),
    contract: CONTRACT,
  };
}

function rootIndex(info: IndexInfo): object {
  const { origin } = info;
  return {
    service: SANDBOX_SERVICE,
    startedBy: info.startedBy,
    pid: info.pid,
    userGroupApi: userGroupIndex(origin),
    projectApi: projectIndex(origin),
    pages: { method: 'GET', path: '/pages/<slug>?title=…', does: 'A test page to register, with that <title>.' },
    projectPages: {
      method: 'GET',
      path: '/app/projects/<projectId>',
      does: "A project as the service's web app shows it (a project link template: /app/projects/{projectId}).",
    },
    control: { method: 'GET', path: '/__control/', does: 'The test control endpoints (faults, state, reset).' },
    contract: CONTRACT,
  };
}

/** Indented: these are read by people, in a browser or with curl. */
function readableJson(body: object): Reply {
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: `${JSON.stringify(body, null, 2)}\n`,
  };
}

/** The index for a GET or HEAD of `/`, `/ug`, `/ug/` or `/projects`; null for anything else. */
export function routeIndex(method: string, path: string, info: IndexInfo): Reply | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  switch (path) {
    case '/':
      return readableJson(rootIndex(info));
    case USER_GROUP_BASE_PATH:
    case `${USER_GROUP_BASE_PATH}/`:
      return readableJson(userGroupIndex(info.origin));
    case PROJECT_BASE_PATH:
      return readableJson(projectIndex(info.origin));
    default:
      return null;
  }
}
