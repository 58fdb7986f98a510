/**
 * The body of `response` as text, or undefined once it is over `limit` bytes (the stream is then
 * cancelled). Content-Length is only a fast path: a server may omit it or lie, so the bytes that
 * arrive are counted as well. A failure while reading (a connection cut mid-body) is thrown.
 */
export async function readBoundedText(response: Response, limit: number): Promise<string | undefined> {
  const declared = Number(response.headers.get('Content-Length') ?? NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
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
      return undefined;
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
