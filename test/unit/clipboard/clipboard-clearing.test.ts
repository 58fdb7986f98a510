// Copy token's clear in the background: the message (a fingerprint and the time, never the token)
// through the router, and where the clear then waits in each browser: Chrome's offscreen document,
// Firefox's alarm.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '@/entrypoints/background/background';
import { bulkAlarmFor, registerAlarmFor } from '@/entrypoints/background/bulk-alarm';
import {
  CLIPBOARD_ALARM_PREFIX,
  CLIPBOARD_DOCUMENT,
  clearByAlarm,
  clearInOffscreenDocument,
  onClipboardAlarm,
} from '@/entrypoints/background/clipboard-clearing';
import type { ScheduleClear } from '@/entrypoints/background/clipboard-handlers';
import { decodeClearRequest, type ClipboardText } from '@/lib/clipboard/clear-clipboard';
import { fingerprintOf } from '@/lib/clipboard/clipboard-fingerprint';
import { routeMessage } from '@/lib/messaging/router';
import { expectFailure, expectOk } from '../helpers/results';
import { fakeServices, OPTIONS_PAGE } from '../workspaces/background-fixture';

const SELF = { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' };
const TOKEN = 'ugt_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d';
const NOW = 1_764_000_000_000;

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The background with a recording scheduler, and a send as the options page does. */
function background() {
  const schedule = vi.fn<ScheduleClear>(() => Promise.resolve());
  const { routes } = createBackground(
    { ...fakeServices(), bulkAlarm: bulkAlarmFor, registerAlarm: registerAlarmFor },
    undefined,
    schedule,
  );
  const send = (data: unknown) => routeMessage(routes, SELF, { type: 'clearClipboardLater', data }, OPTIONS_PAGE);
  return { schedule, send };
}

describe('clearClipboardLater', () => {
  it('hands the fingerprint and the time to where the clear waits', async () => {
    const { schedule, send } = background();
    const fingerprint = await fingerprintOf(TOKEN);
    expectOk(await send({ fingerprint, seconds: 30 }));
    expect(schedule).toHaveBeenCalledWith({ fingerprint, at: NOW + 30_000 });
    expect(JSON.stringify(schedule.mock.calls)).not.toContain(TOKEN);
  });

  it('Never waits for nothing', async () => {
    const { schedule, send } = background();
    expectOk(await send({ fingerprint: await fingerprintOf(TOKEN), seconds: 0 }));
    expect(schedule).not.toHaveBeenCalled();
  });

  it('refuses a token in place of the fingerprint, and a wait beyond the longest choice', async () => {
    const { schedule, send } = background();
    const fingerprint = await fingerprintOf(TOKEN);
    expectFailure(
      await send({ fingerprint: { salt: fingerprint.salt, digest: TOKEN }, seconds: 30 }),
      'INVALID_INPUT',
      [TOKEN],
    );
    for (const seconds of [-1, 121, 86_400, '30'])
      expectFailure(await send({ fingerprint, seconds }), 'INVALID_INPUT', []);
    expect(schedule).not.toHaveBeenCalled();
  });
});

describe('Chrome: the offscreen document waits and clears', () => {
  /** browser.offscreen as Chrome has it (the fake browser has none), recording its calls in order. */
  function fakeOffscreen() {
    const calls: string[] = [];
    let open = false;
    const offscreen = {
      closeDocument: vi.fn(() => {
        calls.push('close');
        const had = open;
        open = false;
        return had ? Promise.resolve() : Promise.reject(new Error('No current offscreen document.'));
      }),
      createDocument: vi.fn((parameters: { url: string; reasons: string[] }) => {
        calls.push(`create ${parameters.url}`);
        if (open) return Promise.reject(new Error('Only a single offscreen document may be created.'));
        open = true;
        return Promise.resolve();
      }),
    };
    Object.defineProperty(browser, 'offscreen', { value: offscreen, configurable: true });
    return { offscreen, calls };
  }

  it('opens the document (reason CLIPBOARD) with the request in its address, never the token', async () => {
    const { offscreen } = fakeOffscreen();
    const request = { fingerprint: await fingerprintOf(TOKEN), at: NOW + 10_000 };
    await clearInOffscreenDocument(request);
    const [parameters] = offscreen.createDocument.mock.calls[0]!;
    expect(parameters.reasons).toEqual(['CLIPBOARD']);
    const [page, hash] = parameters.url.split('#');
    expect(page).toBe(CLIPBOARD_DOCUMENT);
    expect(decodeClearRequest(hash!)).toEqual(request);
    expect(parameters.url).not.toContain(TOKEN);
  });

  it('a newer copy replaces the waiting document, one after the other, even when both come at once', async () => {
    const { calls } = fakeOffscreen();
    const first = { fingerprint: await fingerprintOf(TOKEN), at: NOW + 30_000 };
    const second = { fingerprint: await fingerprintOf('another token'), at: NOW + 31_000 };
    await Promise.all([clearInOffscreenDocument(first), clearInOffscreenDocument(second)]);
    expect(calls.map((call) => call.split('#')[0])).toEqual([
      'close',
      `create ${CLIPBOARD_DOCUMENT}`,
      'close',
      `create ${CLIPBOARD_DOCUMENT}`,
    ]);
    expect(calls[3]).toContain(second.fingerprint.digest);
  });
});

describe('Firefox: an alarm wakes the background page, which clears', () => {
  /** A clipboard that holds `text`. */
  function clipboardHolding(text: string) {
    const held = { text };
    const clipboard: ClipboardText = {
      read: () => Promise.resolve(held.text),
      write: (next) => Promise.resolve(void (held.text = next)),
    };
    return { clipboard, held };
  }

  it('names the alarm after the fingerprint, at the time; a newer copy’s alarm replaces the older, others stay', async () => {
    await browser.alarms.create('bulkCreate.aaaa1111', { periodInMinutes: 0.5 });
    const older = { fingerprint: await fingerprintOf(TOKEN), at: NOW + 30_000 };
    const newer = { fingerprint: await fingerprintOf(TOKEN), at: NOW + 60_000 };
    await clearByAlarm(older);
    await clearByAlarm(newer);
    const alarms = await browser.alarms.getAll();
    expect(alarms.map((alarm) => alarm.name).sort()).toEqual([
      'bulkCreate.aaaa1111',
      `${CLIPBOARD_ALARM_PREFIX}${newer.fingerprint.salt}.${newer.fingerprint.digest}`,
    ]);
    expect(alarms.find((alarm) => alarm.name.startsWith(CLIPBOARD_ALARM_PREFIX))?.scheduledTime).toBe(newer.at);
    expect(JSON.stringify(alarms)).not.toContain(TOKEN);
  });

  it('its alarm clears the clipboard if it still holds the token, and leaves anything else', async () => {
    const fingerprint = await fingerprintOf(TOKEN);
    const name = `${CLIPBOARD_ALARM_PREFIX}${fingerprint.salt}.${fingerprint.digest}`;
    const still = clipboardHolding(TOKEN);
    expect(await onClipboardAlarm(name, still.clipboard)).toBe(true);
    expect(still.held.text).toBe('');
    const since = clipboardHolding('my own words');
    expect(await onClipboardAlarm(name, since.clipboard)).toBe(false);
    expect(since.held.text).toBe('my own words');
  });
});
