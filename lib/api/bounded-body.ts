/** What a bounded read got: the bytes, and whether the stream failed before its end (`cut`: what arrived). */
export interface BoundedBytes {
  bytes: Uint8Array;
  cut: boolean;
}

/**
 * The bytes of `stream`, or undefined once they are over `limit` (the stream is then cancelled). A
 * failure while reading (a connection cut mid-body, a damaged gzip stream) ends the read with what
 * arrived until then, marked `cut`: the caller decides whether a part is of any use.
 */
export async function readBoundedBytes(
  stream: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<BoundedBytes | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  const reader = stream?.getReader();
  while (reader) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      cut = true;
      break;
    }
    if (read.done) break;
    size += read.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, cut };
}

/**
 * The body of `response` as text, or undefined once it is over `limit` bytes (the stream is then
 * cancelled). Content-Length is only a fast path: a server may omit it or lie, so the bytes that
 * arrive are counted as well. A failure while reading (a connection cut mid-body) is thrown.
 */
export async function readBoundedText(response: Response, limit: number): Promise<string | undefined> {
  if (Number(response.headers.get('Content-Length') ?? NaN) > limit) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const read = await readBoundedBytes(response.body, limit);
  if (read?.cut) throw new TypeError('network error');
  return read && new TextDecoder().decode(read.bytes);
}
