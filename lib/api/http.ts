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

/**
 * The longest Retry-After we honour: one hour. A service that asks for more (or a header of 400 digits,
 * which Number() reads as Infinity) is treated as asking for an hour, so every wait, pause message and
 * stored timestamp stays finite and something a person can act on.
 */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/** Clamps a wait in seconds to 0…MAX_RETRY_AFTER_SECONDS; undefined for anything that is not a number. */
export function capRetryAfter(seconds: number | undefined): number | undefined {
  if (seconds === undefined || Number.isNaN(seconds)) return undefined;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, seconds));
}

/** Retry-After is either seconds or an HTTP date; anything else is ignored. Capped, see above. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return capRetryAfter(Number(trimmed));
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return capRetryAfter(Math.ceil((date - now) / 1000));
}

/** The largest response body we read: one megabyte. The services answer with a few hundred bytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

const TOO_LARGE = Symbol('too large');

/**
 * Reads the body as text, stopping (and cancelling the stream) once it exceeds `limit` bytes.
 * Content-Length is only a fast path: a server may omit it or lie, so the bytes are counted as well.
 */
async function readBodyText(response: Response, limit: number): Promise<string | typeof TOO_LARGE> {
  const declared = Number(response.headers.get('Content-Length') ?? NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return TOO_LARGE;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

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
    const body = await readBodyText(response, MAX_BODY_BYTES);
    if (body === TOO_LARGE) {
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
