// Clear clipboard after: one stored choice for the browser, 30 s when none was made or it cannot be read.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  CLIPBOARD_CLEAR_CHOICES,
  readClipboardClearAfter,
  watchClipboardClearAfter,
  writeClipboardClearAfter,
} from '@/lib/storage/clipboard-clear-after';
import { loadStorageFixture } from '../fixtures/storage/load';

beforeEach(() => fakeBrowser.reset());

describe('clipboardClearAfter', () => {
  it('offers 10 s, 30 s, 1 min, 2 min and Never (0), and reads 30 s when none was chosen', async () => {
    expect(CLIPBOARD_CLEAR_CHOICES).toEqual([10, 30, 60, 120, 0]);
    expect(await readClipboardClearAfter()).toBe(30);
  });

  it('reads the stored example of its format', async () => {
    await fakeBrowser.storage.local.set({
      clipboardClearAfter: loadStorageFixture<number>('clipboard-clear-after.v1.json'),
    });
    expect(await readClipboardClearAfter()).toBe(60);
  });

  it('reads anything else as the default, and leaves it stored as it was', async () => {
    for (const stored of [7, '30', null, { seconds: 30 }, 2]) {
      await fakeBrowser.storage.local.set({ clipboardClearAfter: stored });
      const set = vi.spyOn(fakeBrowser.storage.local, 'set');
      expect(await readClipboardClearAfter(), JSON.stringify(stored)).toBe(30);
      expect(set).not.toHaveBeenCalled();
      set.mockRestore();
    }
  });

  it('stores only a choice, Never included', async () => {
    await writeClipboardClearAfter(0);
    expect(await readClipboardClearAfter()).toBe(0);
    await expect(writeClipboardClearAfter(45)).rejects.toThrow();
    expect(await fakeBrowser.storage.local.get('clipboardClearAfter')).toEqual({ clipboardClearAfter: 0 });
  });

  it('tells a page of every change, the default when it is removed', async () => {
    const seen: number[] = [];
    const stop = watchClipboardClearAfter((seconds) => seen.push(seconds));
    await writeClipboardClearAfter(120);
    await fakeBrowser.storage.local.remove('clipboardClearAfter');
    stop();
    await writeClipboardClearAfter(10);
    expect(seen).toEqual([120, 30]);
  });
});
