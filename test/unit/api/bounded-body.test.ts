import { describe, expect, it, vi } from 'vitest';
import { readBoundedBytes, readBoundedText } from '@/lib/api/bounded-body';

/** A response whose body arrives in `chunks`, with no Content-Length unless `headers` give one. */
function streamed(chunks: string[], onCancel = () => {}, headers?: HeadersInit): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
    cancel: onCancel,
  });
  return new Response(body, { headers });
}

describe('readBoundedText', () => {
  it('reads a body within the limit, joined across chunks and decoded as UTF-8', async () => {
    expect(await readBoundedText(streamed(['{"name":"Bé', 'bé"}']), 100)).toBe('{"name":"Bébé"}');
  });

  it('reads a body of exactly the limit', async () => {
    expect(await readBoundedText(streamed(['12345', '67890']), 10)).toBe('1234567890');
  });

  it('stops and cancels the stream once the bytes that arrive pass the limit', async () => {
    const cancelled = vi.fn();
    expect(await readBoundedText(streamed(['123456', '78901', 'never read'], cancelled), 10)).toBeUndefined();
    expect(cancelled).toHaveBeenCalledOnce();
  });

  it('refuses at once a body whose Content-Length is over the limit, and cancels it unread', async () => {
    const cancelled = vi.fn();
    // Five bytes would pass if they were counted: the declared length alone refuses them.
    const response = streamed(['12345'], cancelled, { 'Content-Length': '20' });
    expect(await readBoundedText(response, 10)).toBeUndefined();
    expect(cancelled).toHaveBeenCalledOnce();
  });

  it('counts the bytes when Content-Length understates them', async () => {
    const response = new Response('x'.repeat(20), { headers: { 'Content-Length': '5' } });
    expect(await readBoundedText(response, 10)).toBeUndefined();
  });

  it('reads a response without a body as empty text', async () => {
    expect(await readBoundedText(new Response(null, { status: 204 }), 10)).toBe('');
  });

  it('throws when the connection fails mid-body', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('partial'));
        controller.error(new TypeError('network error'));
      },
    });
    await expect(readBoundedText(new Response(body), 100)).rejects.toThrow('network error');
  });
});

describe('readBoundedBytes', () => {
  it('keeps what arrived before a failure, marked cut (a sitemap whose connection or gzip stream was cut)', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(new Uint8Array([1, 2, 3]));
        else controller.error(new TypeError('network error'));
      },
    });
    expect(await readBoundedBytes(body, 100)).toEqual({ bytes: new Uint8Array([1, 2, 3]), cut: true });
  });

  it('reads a whole stream, reads no stream as empty, and gives up past the limit', async () => {
    expect(await readBoundedBytes(new Response('abc').body, 3)).toEqual({
      bytes: new TextEncoder().encode('abc'),
      cut: false,
    });
    expect(await readBoundedBytes(null, 3)).toEqual({ bytes: new Uint8Array(0), cut: false });
    expect(await readBoundedBytes(new Response('abcd').body, 3)).toBeUndefined();
  });
});
