import { isPlainObject, json } from './http-io.ts';
import { apiOfRoute, projectFailure, unauthorized, userGroupFailure } from './routes.ts';
import type { ApiRequest, DelayFault, Fault, HangFault, ResetFault, Reply, RouteName } from './types.ts';

/** Faults that replace the answer with a canned one (delay, hang and reset act on the connection instead). */
export type CannedFault = Exclude<Fault, DelayFault | HangFault | ResetFault>;

/** What a proxy or crashed backend sends: not JSON at all. */
export const HTML_ERROR_BODY = '<html><body><h1>Internal Server Error</h1></body></html>';

/** Cut off mid-object, as when a response is truncated in transit. */
const TRUNCATED_BODIES = {
  userGroup: '{"success": 1, "user_group": {',
  project: '{"result": {"status": "success", "data": {',
} as const;

/**
 * The usual refusal's words, repeated (with a space) to exactly `length` characters when a length is
 * asked; never ending in a space, which a client would trim.
 */
export function refusalMessage(length?: number): string {
  const words = 'The service could not complete the request';
  if (length === undefined) return words;
  const repeated = `${words} `.repeat(Math.ceil(length / (words.length + 1))).slice(0, length);
  return repeated.endsWith(' ') ? `${repeated.slice(0, -1)}.` : repeated;
}

/** The secrets a request carried: its API token or key and auth token, and the group token it sent. */
function secretsOf(request: ApiRequest): string[] {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : '';
  };
  let currentToken = '';
  try {
    const body: unknown = JSON.parse(request.bodyText);
    const sent = isPlainObject(body) ? body.current_token : undefined;
    if (typeof sent === 'string') currentToken = sent;
  } catch {
    // not JSON: no group token
  }
  const apiToken = header('authorization').replace(/^Token /, '');
  return [apiToken, header('x-service-api-key'), header('x-service-auth-token'), currentToken].filter(Boolean);
}

/** Each secret as a careless service might repeat it: as sent, upper case, URL-, form- and JSON-encoded. */
export function echoedSecrets(request: ApiRequest): string {
  return secretsOf(request)
    .flatMap((secret) => [
      secret,
      secret.toUpperCase(),
      encodeURIComponent(secret),
      encodeURIComponent(secret).replaceAll('%20', '+'),
      JSON.stringify(secret).slice(1, -1),
    ])
    .join(' ');
}

export function cannedReply(route: RouteName, fault: CannedFault, request: ApiRequest): Reply {
  const api = apiOfRoute(route);
  switch (fault.kind) {
    case 'html':
      return {
        status: fault.status ?? 500,
        headers: { 'content-type': 'text/html; charset=utf-8' },
        body: HTML_ERROR_BODY,
      };
    case 'rateLimit': {
      const headers = { 'retry-after': String(fault.retryAfterSeconds) };
      return api === 'userGroup'
        ? userGroupFailure(429, 'Rate limit exceeded', headers)
        : projectFailure(429, 'RESOURCE_EXHAUSTED', 'Rate limit exceeded', undefined, headers);
    }
    case 'malformedJson':
      return {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: TRUNCATED_BODIES[api],
      };
    case 'wrongShape':
      return json(200, { ok: true, data: [] });
    case 'successZero': {
      const words = refusalMessage(fault.messageLength);
      const message = fault.echoSecrets ? `${words}: ${echoedSecrets(request)}` : words;
      return api === 'userGroup' ? userGroupFailure(200, message) : projectFailure(400, 'FAILED_PRECONDITION', message);
    }
    case 'unauthorized':
      return unauthorized(api);
  }
}
