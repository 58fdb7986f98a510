// Copy token's clearing as the page starts it: the permission asked for in the click (never for Never),
// the background told a fingerprint and the time (never the token), and what is said beside the button.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { prepareClipboardClear } from '@/entrypoints/options/sections/groups/copy-token';
import { isFingerprinted, type ClipboardFingerprint } from '@/lib/clipboard/clipboard-fingerprint';
import { sendMessage } from '@/lib/messaging/client';
import { permissionEvents } from '../setup/permission-events';
import { followClipboardClear, useClipboardClearStore } from '@/lib/stores/clipboard-clear-store';
import { text } from '@/lib/message-ref';
import { fail, ok } from '@/lib/result';

vi.mock('@/lib/messaging/client', () => ({ sendMessage: vi.fn() }));
const sent = vi.mocked(sendMessage);
const TOKEN = 'ugt_1e2d3c4b5a69788796a5b4c3d2e1f0a9';

let request: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fakeBrowser.reset();
  sent.mockReset().mockResolvedValue(ok({}));
  request = vi.fn(() => Promise.resolve(true));
  Object.defineProperty(browser.permissions, 'request', { value: request, configurable: true, writable: true });
  useClipboardClearStore.setState({ seconds: 30, accessHeld: false });
});

describe('Copy token’s clear, from the page', () => {
  it('asks for the clipboard permissions in the click itself, before anything is awaited', () => {
    void prepareClipboardClear();
    expect(request).toHaveBeenCalledWith({ permissions: ['clipboardRead', 'clipboardWrite'] });
  });

  it('does not ask for permissions it holds (Firefox refuses a request for what the manifest requires)', async () => {
    useClipboardClearStore.setState({ accessHeld: true });
    expect(await (await prepareClipboardClear())(TOKEN)).toBe('Copied; cleared in 30 sec.');
    expect(request).not.toHaveBeenCalled();
  });

  it('a browser that throws at the request (not in a click) counts as refused', async () => {
    request.mockImplementation(() => {
      throw new Error('permissions.request may only be called from a user input handler');
    });
    expect(await (await prepareClipboardClear())(TOKEN)).toBe(
      'Copied; it stays on the clipboard (no access to clear it).',
    );
  });

  it('tells the background a fingerprint of the token and the time, never the token; says when it goes', async () => {
    const followUp = await prepareClipboardClear();
    expect(await followUp(TOKEN)).toBe('Copied; cleared in 30 sec.');
    expect(sent).toHaveBeenCalledTimes(1);
    const [definition, message] = sent.mock.calls[0]!;
    expect(definition.name).toBe('clearClipboardLater');
    expect(JSON.stringify(message)).not.toContain(TOKEN);
    const { fingerprint, seconds } = message as { fingerprint: ClipboardFingerprint; seconds: number };
    expect(seconds).toBe(30);
    expect(await isFingerprinted(TOKEN, fingerprint)).toBe(true);
  });

  it('says the chosen time as the language writes it', async () => {
    useClipboardClearStore.setState({ seconds: 120 });
    expect(await (await prepareClipboardClear())(TOKEN)).toBe('Copied; cleared in 2 min.');
  });

  it('Never asks for nothing and tells the background nothing', async () => {
    useClipboardClearStore.setState({ seconds: 0 });
    expect(await (await prepareClipboardClear())(TOKEN)).toBe('Copied.');
    expect(request).not.toHaveBeenCalled();
    expect(sent).not.toHaveBeenCalled();
  });

  it('refused access: the token stays on the clipboard, and the page says so', async () => {
    request.mockResolvedValue(false);
    expect(await (await prepareClipboardClear())(TOKEN)).toBe(
      'Copied; it stays on the clipboard (no access to clear it).',
    );
    expect(sent).not.toHaveBeenCalled();
  });

  it('a background that could not set it up: said the same way', async () => {
    sent.mockResolvedValue(fail('BACKGROUND_UNAVAILABLE', text('copyFailed')));
    expect(await (await prepareClipboardClear())(TOKEN)).toBe(
      'Copied; it stays on the clipboard (no access to clear it).',
    );
  });
});

describe('what the page follows for Copy token', () => {
  it('the stored setting, and whether the permissions are held, as they change', async () => {
    let held = false;
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
    vi.spyOn(browser.permissions, 'contains').mockImplementation(() => Promise.resolve(held));
    const stop = followClipboardClear();
    await vi.waitFor(() => expect(useClipboardClearStore.getState()).toEqual({ seconds: 30, accessHeld: false }));
    await fakeBrowser.storage.local.set({ clipboardClearAfter: 120 });
    held = true;
    await permissionEvents.onAdded.trigger({ permissions: ['clipboardRead', 'clipboardWrite'] });
    await vi.waitFor(() => expect(useClipboardClearStore.getState()).toEqual({ seconds: 120, accessHeld: true }));
    stop();
    await fakeBrowser.storage.local.set({ clipboardClearAfter: 10 });
    expect(useClipboardClearStore.getState().seconds).toBe(120);
  });
});
