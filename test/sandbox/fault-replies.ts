import { json } from './http-io.ts';
import { apiOfRoute, projectFailure, unauthorized, userGroupFailure } from './routes.ts';
import type { DelayFault, Fault, HangFault, ResetFault, Reply, RouteName } from './types.ts';

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

export function cannedReply(route: RouteName, fault: CannedFault): Reply {
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
      const message = refusalMessage(fault.messageLength);
      return api === 'userGroup' ? userGroupFailure(200, message) : projectFailure(400, 'FAILED_PRECONDITION', message);
    }
    case 'unauthorized':
      return unauthorized(api);
  }
}
