import { browser } from 'wxt/browser';
import { createSerialQueue, type SerialQueue } from '@/lib/async/serial-queue';
import { clearIfStillHeld, encodeClearRequest, type ClipboardText } from '@/lib/clipboard/clear-clipboard';
import type { ScheduleClear } from './clipboard-handlers';

/** The offscreen document that clears (entrypoints/clipboard/), Chrome only. */
export const CLIPBOARD_DOCUMENT = '/clipboard.html';
let offscreenTurns: SerialQueue | undefined;

/**
 * Chrome: the worker has no clipboard, so an offscreen document (reason CLIPBOARD, as password managers
 * do) waits until the time, clears and closes itself. It is made afresh for each copy with the request
 * in its address (one document at a time: the clipboard holds one text, and the newer copy's clear
 * replaces the older one's). The timer is the document's, not the worker's: the document lives on when
 * the page that copied closes and when the worker stops, and a packed extension's alarms fire no
 * sooner than 30 s (Clear clipboard after offers 10 s).
 */
export const clearInOffscreenDocument: ScheduleClear = (request) =>
  (offscreenTurns ??= createSerialQueue())(async () => {
    await browser.offscreen.closeDocument().catch(() => undefined);
    await browser.offscreen.createDocument({
      url: `${CLIPBOARD_DOCUMENT}#${encodeClearRequest(request)}`,
      reasons: ['CLIPBOARD'],
      justification: browser.i18n.getMessage('clipboardDocumentJustification'),
    });
  });

/** Firefox's alarms that wait for a clear, named `clearClipboard.<salt>.<digest>`: the browser keeps the fingerprint. */
export const CLIPBOARD_ALARM_PREFIX = 'clearClipboard.';

/**
 * Firefox: its background page may use the clipboard itself, but it is suspended when idle: an alarm
 * (which has no minimum delay in Firefox) wakes it at the time. An earlier copy's alarm goes.
 */
export const clearByAlarm: ScheduleClear = async ({ fingerprint, at }) => {
  for (const alarm of await browser.alarms.getAll())
    if (alarm.name.startsWith(CLIPBOARD_ALARM_PREFIX)) await browser.alarms.clear(alarm.name);
  await browser.alarms.create(`${CLIPBOARD_ALARM_PREFIX}${fingerprint.salt}.${fingerprint.digest}`, { when: at });
};

const pageClipboard: ClipboardText = {
  read: () => navigator.clipboard.readText(),
  write: (text) => navigator.clipboard.writeText(text),
};

/** Firefox: an alarm of clearByAlarm went off; clears if the clipboard still holds the token. */
export function onClipboardAlarm(name: string, clipboard: ClipboardText = pageClipboard): Promise<boolean> {
  const [salt = '', digest = ''] = name.slice(CLIPBOARD_ALARM_PREFIX.length).split('.');
  return clearIfStillHeld(clipboard, { salt, digest });
}

/** Where this build's clears wait (the other browser's way is left out of the build). */
export const scheduleClipboardClear: ScheduleClear = import.meta.env.FIREFOX ? clearByAlarm : clearInOffscreenDocument;
