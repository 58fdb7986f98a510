import { describe, expect, it, vi } from 'vitest';
import { describeHttpStatus, MAX_BODY_BYTES, sendJson, type FetchLike } from '@/lib/api/http';
import { withText } from '../helpers/error-text';
import { messageText } from '@/lib/message-ref';

/** A fetch that never answers but rejects with the signal's reason when aborted, like the real one. */
const hangingFetch: FetchLike = (_input, init) =>
  new Promise<Response>((_resolve, reject) => {
    const signal = init.signal!;
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });

const request = {
  url: 'https://api.example.com/prefix/?q=1',
  method: 'POST' as const,
  headers: { 'x-secret-header': 'super-secret-value' },
  body: { hello: 'world' },
};

describe('sendJson', () => {
  it('sends JSON with the headers, body and a signal, and parses the answer', async () => {
    const fetchFn = vi.fn<FetchLike>(() =>
      Promise.resolve(new Response('{"a":1}', { status: 201, headers: { 'Retry-After': '3' } })),
    );
    const result = await sendJson(fetchFn, request);
    expect(result).toEqual({ ok: true, value: { status: 201, json: { a: 1 }, retryAfterSeconds: 3 } });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe(request.url);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', 'x-secret-header': 'super-secret-value' });
    expect(init.body).toBe('{"hello":"world"}');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(init.credentials).toBe('omit');
    expect(init.redirect).toBe('error');
  });

  it('gives json undefined for a body that is not JSON', async () => {
    const result = await sendJson(() => Promise.resolve(new Response('<html>oops</html>', { status: 502 })), request);
    expect(result).toEqual({ ok: true, value: { status: 502, json: undefined, retryAfterSeconds: undefined } });
  });

  it('times out as TIMEOUT with maybeProcessed, naming only the origin', async () => {
    const started = Date.now();
    const result = await sendJson(hangingFetch, { ...request, timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('TIMEOUT');
    expect(result.error.maybeProcessed).toBe(true);
    expect(messageText(result.error.message)).toContain('https://api.example.com');
    expect(messageText(result.error.message)).not.toContain('prefix');
    expect(messageText(result.error.message)).not.toContain('super-secret-value');
  });

  it('maps a network failure to NETWORK with maybeProcessed', async () => {
    const failing: FetchLike = () => Promise.reject(new TypeError('fetch failed: super-secret-value'));
    const result = await sendJson(failing, request);
    expect(withText(result)).toEqual({
      ok: false,
      error: {
        code: 'NETWORK',
        message: 'Could not reach https://api.example.com. Check the address and your network connection.',
        maybeProcessed: true,
      },
    });
  });

  it('maps an error while reading the body to NETWORK', async () => {
    const broken: FetchLike = () => {
      const body = new ReadableStream({ pull: (controller) => controller.error(new TypeError('terminated')) });
      return Promise.resolve(new Response(body, { status: 200 }));
    };
    const result = await sendJson(broken, request);
    expect(result.ok || result.error.code).toBe('NETWORK');
  });
});

describe('sendJson caps Retry-After (lib/api/retry-after.ts)', () => {
  it('keeps a capped 429 finite all the way to the message', async () => {
    const fetchFn: FetchLike = () =>
      Promise.resolve(new Response('{}', { status: 429, headers: { 'Retry-After': '9'.repeat(400) } }));
    const sent = await sendJson(fetchFn, request);
    const seconds = sent.ok ? sent.value.retryAfterSeconds : undefined;
    expect(seconds).toBe(3600);
    const described = describeHttpStatus(429, 'https://api.example.com', seconds);
    expect(!described.ok && messageText(described.error.message)).toContain('Try again in 3,600 seconds.');
  });
});

describe('sendJson caps the response body at 1 MB', () => {
  const tooLarge = {
    ok: false,
    error: {
      code: 'BAD_RESPONSE',
      message:
        'https://api.example.com answered with a body larger than 1 MB; the request may or may not have taken effect.',
      maybeProcessed: true,
    },
  };

  /** A body streamed in 64 KB chunks without Content-Length, counting how many chunks were pulled. */
  function streamedBody(totalBytes: number, chunk = '{'.padEnd(64 * 1024, ' ')) {
    const state = { pulled: 0, cancelled: false };
    const bytes = new TextEncoder().encode(chunk);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= totalBytes) return controller.close();
        state.pulled += 1;
        sent += bytes.byteLength;
        controller.enqueue(bytes);
      },
      cancel() {
        state.cancelled = true;
      },
    });
    return { body, state };
  }

  it('refuses a streamed body over 1 MB, stops reading and cancels the stream', async () => {
    // 100 MB on offer, no Content-Length: only the bytes are counted.
    const { body, state } = streamedBody(100 * 1024 * 1024);
    const result = await sendJson(() => Promise.resolve(new Response(body, { status: 200 })), request);
    expect(withText(result)).toEqual(tooLarge);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(20);
  });

  it('refuses at once when Content-Length says more than 1 MB', async () => {
    const { body, state } = streamedBody(100 * 1024 * 1024);
    const response = new Response(body, { status: 200, headers: { 'Content-Length': String(5 * 1024 * 1024) } });
    const result = await sendJson(() => Promise.resolve(response), request);
    expect(withText(result)).toEqual(tooLarge);
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it('does not trust a Content-Length that claims less than is sent', async () => {
    const { body } = streamedBody(2 * 1024 * 1024);
    const response = new Response(body, { status: 200, headers: { 'Content-Length': '10' } });
    expect(withText(await sendJson(() => Promise.resolve(response), request))).toEqual(tooLarge);
  });

  it('reads a body of exactly 1 MB, split across chunks, including multi-byte characters', async () => {
    const encoder = new TextEncoder();
    const padding = MAX_BODY_BYTES - encoder.encode(JSON.stringify({ name: 'é€😀', pad: '' })).byteLength;
    const bytes = encoder.encode(JSON.stringify({ name: 'é€😀', pad: 'x'.repeat(padding) }));
    expect(bytes.byteLength).toBe(MAX_BODY_BYTES);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Split inside the multi-byte characters on purpose.
        for (let at = 0; at < bytes.byteLength; at += 7001) controller.enqueue(bytes.slice(at, at + 7001));
        controller.close();
      },
    });
    const result = await sendJson(() => Promise.resolve(new Response(body, { status: 200 })), request);
    expect(result.ok && (result.value.json as { name: string }).name).toBe('é€😀');
  });
});

describe('describeHttpStatus', () => {
  const origin = 'https://api.example.com';

  it.each([
    [429, 7, 'RATE_LIMITED', 'Try again in 7 seconds.'],
    [429, 1, 'RATE_LIMITED', 'Try again in 1 second.'],
    [429, 0, 'RATE_LIMITED', 'Try again in 0 seconds.'],
    [429, undefined, 'RATE_LIMITED', 'Try again in a moment.'],
    [401, undefined, 'UNAUTHENTICATED', 'rejected the credentials'],
    [403, undefined, 'PERMISSION_DENIED', 'refused access'],
    [500, undefined, 'SERVICE_ERROR', 'HTTP 500'],
    [503, undefined, 'SERVICE_ERROR', 'HTTP 503'],
    [418, undefined, 'BAD_RESPONSE', 'unexpected HTTP 418'],
    [404, undefined, 'BAD_RESPONSE', 'unexpected HTTP 404'],
  ] as const)('HTTP %i (Retry-After %j) -> %s', (status, retryAfter, code, text) => {
    const result = describeHttpStatus(status, origin, retryAfter);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(messageText(result.error.message)).toContain(origin);
    expect(messageText(result.error.message)).toContain(text);
  });

  it('carries retryAfterSeconds on 429 and maybeProcessed on 5xx only', () => {
    const limited = describeHttpStatus(429, origin, 7);
    expect(!limited.ok && limited.error.retryAfterSeconds).toBe(7);
    const server = describeHttpStatus(500, origin);
    expect(!server.ok && server.error.maybeProcessed).toBe(true);
    const teapot = describeHttpStatus(418, origin);
    expect(!teapot.ok && teapot.error.maybeProcessed).toBeUndefined();
    const auth = describeHttpStatus(401, origin);
    expect(!auth.ok && auth.error.maybeProcessed).toBeUndefined();
  });
});
