import { readBoundedText } from './bounded-body';
import { parseRetryAfter } from './retry-after';
import { countedText, text } from '../message-ref';
import { fail, ok, type Result } from '../result';
import { originOf } from '../url/origin-of';

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

/** The largest response body we read: one megabyte. The services answer with a few hundred bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends one JSON request with a timeout. Transport failures become typed errors here; reading what
 * the service meant by its status and body is the caller's job, because each API words it differently.
 */
export async function sendJson(fetchFn: FetchLike, request: JsonRequest): Promise<Result<JsonResponse>> {
  const origin = originOf(request.url, '—');
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
    const body = await readBoundedText(response, MAX_BODY_BYTES);
    if (body === undefined) {
      return fail('BAD_RESPONSE', text('errorBodyTooLarge', origin), {
        maybeProcessed: true,
      });
    }
    return ok({
      status: response.status,
      json: parseJson(body),
      retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
    });
  } catch (error) {
    // Either way the request may have reached the service before the answer was lost.
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      const message =
        timeoutMs >= 1000
          ? countedText('errorTimeoutSeconds', Math.round(timeoutMs / 1000), origin)
          : text('errorTimeoutMilliseconds', origin, timeoutMs);
      return fail('TIMEOUT', message, {
        maybeProcessed: true,
      });
    }
    return fail('NETWORK', text('errorNetwork', origin), {
      maybeProcessed: true,
    });
  }
}

/** Failures that read the same on every API: rate limits, auth and server errors without a usable body. */
export function describeHttpStatus(status: number, origin: string, retryAfterSeconds?: number): Result<never> {
  if (status === 429) {
    const message =
      retryAfterSeconds === undefined
        ? text('errorRateLimited', origin)
        : countedText('errorRateLimitedWait', retryAfterSeconds, origin);
    return fail('RATE_LIMITED', message, {
      retryAfterSeconds,
    });
  }
  if (status === 401) {
    return fail('UNAUTHENTICATED', text('errorUnauthenticated', origin));
  }
  if (status === 403) {
    return fail('PERMISSION_DENIED', text('errorPermissionDenied', origin));
  }
  if (status >= 500) {
    return fail('SERVICE_ERROR', text('errorServerError', origin, String(status)), {
      maybeProcessed: true,
    });
  }
  return fail('BAD_RESPONSE', text('errorUnexpectedStatus', origin, String(status)));
}
