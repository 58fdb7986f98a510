import { fail, ok, type Result } from '../result';
import { originOf } from './endpoints';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface JsonRequest {
  url: string;
  method: 'POST' | 'DELETE';
  headers: Record<string, string>;
  body: unknown;
  timeoutMs?: number;
}

export interface JsonResponse {
  status: number;
  /** The parsed body, or undefined when the body is not JSON. */
  json: unknown;
  retryAfterSeconds: number | undefined;
}

/** Retry-After is either seconds or an HTTP date; anything else is ignored. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends one JSON request with a timeout. Transport failures become typed errors here; reading what
 * the service meant by its status and body is the caller's job, because each API words it differently.
 */
export async function sendJson(fetchFn: FetchLike, request: JsonRequest): Promise<Result<JsonResponse>> {
  const origin = originOf(request.url);
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const response = await fetchFn(request.url, {
      method: request.method,
      headers: { 'Content-Type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(timeoutMs),
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'error',
    });
    const text = await response.text();
    return ok({
      status: response.status,
      json: parseJson(text),
      retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
    });
  } catch (error) {
    // Either way the request may have reached the service before the answer was lost.
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`;
      return fail('TIMEOUT', `${origin} did not answer within ${limit}.`, {
        maybeProcessed: true,
      });
    }
    return fail('NETWORK', `Could not reach ${origin}. Check the address and your network connection.`, {
      maybeProcessed: true,
    });
  }
}

/** Failures that read the same on every API: rate limits, auth and server errors without a usable body. */
export function describeHttpStatus(status: number, origin: string, retryAfterSeconds?: number): Result<never> {
  if (status === 429) {
    const wait = retryAfterSeconds === undefined ? 'a moment' : `${retryAfterSeconds} seconds`;
    return fail('RATE_LIMITED', `${origin} is rate limiting requests. Try again in ${wait}.`, {
      retryAfterSeconds,
    });
  }
  if (status === 401) {
    return fail('UNAUTHENTICATED', `${origin} rejected the credentials. Check them in the settings.`);
  }
  if (status === 403) {
    return fail('PERMISSION_DENIED', `${origin} refused access with these credentials.`);
  }
  if (status >= 500) {
    return fail('SERVICE_ERROR', `${origin} had a server error (HTTP ${status}). Try again in a moment.`, {
      maybeProcessed: true,
    });
  }
  return fail('BAD_RESPONSE', `${origin} answered with an unexpected HTTP ${status}.`);
}
