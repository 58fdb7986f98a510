import type { Sandbox } from '../../sandbox/server.ts';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Headers with `undefined` values dropped, so a test can remove one of the defaults. */
function headersOf(defaults: Record<string, string>, overrides: Record<string, string | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries({ ...defaults, ...overrides })) {
    if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** A typeless Blob, not a string: fetch would otherwise add `text/plain` when a test removes Content-Type. */
function bodyOf(body: unknown): Blob {
  return new Blob([typeof body === 'string' ? body : JSON.stringify(body)]);
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/** A user-group API call with valid credentials unless overridden. Strings are sent as they are. */
export function userGroupCall(sandbox: Sandbox, body: unknown, options: RequestOptions = {}): Promise<Answer> {
  const method = options.method ?? 'POST';
  return call(`${sandbox.userGroupBaseUrl}/api/user`, {
    method,
    headers: headersOf(
      { 'content-type': 'application/json', authorization: `Token ${sandbox.credentials.apiToken}` },
      options.headers ?? {},
    ),
    body: method === 'GET' || method === 'HEAD' ? undefined : bodyOf(body),
    signal: options.signal,
  });
}

/** A create-project call with valid credentials unless overridden. */
export function projectCall(sandbox: Sandbox, body: unknown, options: RequestOptions = {}): Promise<Answer> {
  const method = options.method ?? 'POST';
  return call(`${sandbox.projectApiUrl}/`, {
    method,
    headers: headersOf(
      {
        'content-type': 'application/json',
        'x-service-api-key': sandbox.credentials.apiKey,
        'x-service-auth-token': sandbox.credentials.authToken,
      },
      options.headers ?? {},
    ),
    body: method === 'GET' || method === 'HEAD' ? undefined : bodyOf(body),
    signal: options.signal,
  });
}

export function createGroupBody(
  id: string,
  tag: 'Customer' | 'Testing' = 'Customer',
  name = `Group ${id}`,
): Record<string, string> {
  return { current_token: '', name, user_group_id: id, api_environment_tag: tag };
}

/** `projectBody(url)` names the project "A page"; `projectBody(url, undefined)` leaves the name out. */
export function projectBody(projectUrl: unknown, ...name: [projectName?: unknown]): unknown {
  return { data: { projectUrl, projectName: name.length === 0 ? 'A page' : name[0] } };
}

export interface UserGroupAnswer {
  success: number;
  new_user_group?: boolean;
  message?: string;
  user_group: { team_id: number; token: string; name: string; provided_id: string; api_environment_tag: string };
}

export async function createGroup(
  sandbox: Sandbox,
  id: string,
  tag: 'Customer' | 'Testing' = 'Customer',
): Promise<UserGroupAnswer['user_group']> {
  const answer = await userGroupCall(sandbox, createGroupBody(id, tag));
  if (answer.status !== 200) throw new Error(`create failed: ${answer.text}`);
  return (answer.json as UserGroupAnswer).user_group;
}

export interface ProjectSuccess {
  result: { status: string; message: string; data: { projectId: string } };
}

export interface ProjectError {
  error: { message: string; status: string; details?: { projectId?: string } };
}
