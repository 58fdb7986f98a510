// The clear itself, with a fake clipboard and fake timers: only the token copied is cleared, and only
// once its time has come.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearAt,
  clearIfStillHeld,
  decodeClearRequest,
  encodeClearRequest,
  type ClipboardText,
} from '@/lib/clipboard/clear-clipboard';
import { fingerprintOf } from '@/lib/clipboard/clipboard-fingerprint';

const TOKEN = 'ugt_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f';

/** A clipboard that holds `text`, and records what is read and written. */
function fakeClipboard(text: string, readFails = false) {
  const held = { text };
  const clipboard = {
    read: vi.fn(() => (readFails ? Promise.reject(new Error('not allowed')) : Promise.resolve(held.text))),
    write: vi.fn((next: string) => {
      held.text = next;
      return Promise.resolve();
    }),
  } satisfies ClipboardText;
  return { clipboard, held };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('clearing the clipboard after Copy token', () => {
  it('empties it when it still holds the token', async () => {
    const { clipboard, held } = fakeClipboard(TOKEN);
    expect(await clearIfStillHeld(clipboard, await fingerprintOf(TOKEN))).toBe(true);
    expect(held.text).toBe('');
    expect(clipboard.write).toHaveBeenCalledTimes(1);
  });

  it('reads the clipboard back after emptying it, and says so when the write did not take', async () => {
    const { clipboard, held } = fakeClipboard(TOKEN);
    expect(await clearIfStillHeld(clipboard, await fingerprintOf(TOKEN))).toBe(true);
    expect(clipboard.read).toHaveBeenCalledTimes(2);
    // A write lost on its way (the document closed first): the token is still there, and the answer says so.
    const lost = fakeClipboard(TOKEN);
    lost.clipboard.write.mockImplementation(() => Promise.resolve());
    expect(await clearIfStillHeld(lost.clipboard, await fingerprintOf(TOKEN))).toBe(false);
    expect(held.text).toBe('');
  });

  it('leaves what the user copied since, and a clipboard it cannot read', async () => {
    const fingerprint = await fingerprintOf(TOKEN);
    const since = fakeClipboard('my own words');
    expect(await clearIfStillHeld(since.clipboard, fingerprint)).toBe(false);
    expect(since.held.text).toBe('my own words');
    expect(since.clipboard.write).not.toHaveBeenCalled();
    const unreadable = fakeClipboard(TOKEN, true);
    expect(await clearIfStillHeld(unreadable.clipboard, fingerprint)).toBe(false);
    expect(unreadable.clipboard.write).not.toHaveBeenCalled();
  });

  it('waits until the request’s time, not a moment less, then clears', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { clipboard, held } = fakeClipboard(TOKEN);
    const done = clearAt({ fingerprint: await fingerprintOf(TOKEN), at: 1_000_000 + 10_000 }, clipboard);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(clipboard.read).not.toHaveBeenCalled();
    expect(held.text).toBe(TOKEN);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe(true);
    expect(held.text).toBe('');
  });

  it('clears at once when its time has passed (a document that started late)', async () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const { clipboard, held } = fakeClipboard(TOKEN);
    const done = clearAt({ fingerprint: await fingerprintOf(TOKEN), at: 4_000_000 }, clipboard);
    await vi.advanceTimersByTimeAsync(0);
    expect(await done).toBe(true);
    expect(held.text).toBe('');
  });
});

describe('a clear request as text (the offscreen document’s address)', () => {
  it('reads back what was written', async () => {
    const request = { fingerprint: await fingerprintOf(TOKEN), at: 1_764_000_000_000 };
    const text = encodeClearRequest(request);
    expect(text).not.toContain(TOKEN);
    expect(decodeClearRequest(text)).toEqual(request);
  });

  it('is no request when it is anything else', async () => {
    const { salt, digest } = await fingerprintOf(TOKEN);
    for (const text of [
      '',
      TOKEN,
      `${salt}.${digest}`,
      `${salt}.${digest}.soon`,
      `${salt}.${digest}.12.34`,
      `${salt}.${TOKEN}.1`,
      `${salt.toUpperCase()}.${digest}.1`,
      `${salt}.${digest}.${'9'.repeat(17)}`,
    ])
      expect(decodeClearRequest(text), text).toBeUndefined();
  });
});
