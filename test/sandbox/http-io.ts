import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './types.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Past this we stop draining an oversized body and drop the connection. */
const DRAIN_LIMIT_BYTES = 16 * BODY_LIMIT_BYTES;

export type BodyResult = { tooLarge: false; text: string } | { tooLarge: true };

/**
 * Reads the body, keeping at most `limit` bytes. An oversized body is drained (not kept) so the
 * client gets a clean 413 instead of a reset mid-upload; an endless one is cut off.
 */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT_BYTES) {
        req.destroy();
        return;
      }
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(tooLarge ? { tooLarge: true } : { tooLarge: false, text: Buffer.concat(chunks).toString('utf8') });
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('request body was cut off'));
    });
  });
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for `application/json`, with or without parameters such as charset. */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const mediaType = header.split(';')[0] ?? '';
  return mediaType.trim().toLowerCase() === 'application/json';
}

export function json(status: number, body: object, headers?: Record<string, string>): Reply {
  return { status, body, headers };
}

export function sendReply(res: ServerResponse, reply: Reply): void {
  if (res.writableEnded || res.destroyed) return;
  if (reply.status === 204) {
    res.writeHead(204, reply.headers).end();
    return;
  }
  const { body } = reply;
  // Bytes (a gzip file) as they are; text as it is; anything else as JSON.
  const payload = typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body);
  const type =
    body instanceof Uint8Array
      ? 'application/octet-stream'
      : typeof body === 'string'
        ? 'text/plain; charset=utf-8'
        : 'application/json; charset=utf-8';
  res.writeHead(reply.status, {
    'content-type': type,
    'cache-control': 'no-store',
    ...reply.headers,
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}
