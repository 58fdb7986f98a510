import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { noticeHandlers } from '@/entrypoints/background/notice-handlers';
import { sendMessage } from '@/lib/messaging/client';
import { dismissStorageNotices } from '@/lib/messaging/messages/notice-messages';
import { routeMessage, type Handlers } from '@/lib/messaging/router';
import { addStorageNotice, readStorageNotices, storageNoticesItem } from '@/lib/storage/notices-item';

const self = { id: fakeBrowser.runtime.id, origin: fakeBrowser.runtime.getURL('/') };
const optionsPage = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') };

/**
 * Reads of the notices that wait for each other: a read is held until a second one arrives (or 50 ms
 * pass), so two read-modify-writes started together would both read before either writes. Code that
 * runs them one after another gets its second read only after the first write, and merely waits.
 */
function readsMeetUp() {
  const getValue = storageNoticesItem.getValue.bind(storageNoticesItem);
  let waiting: (() => void)[] = [];
  const releaseAll = () => {
    for (const release of waiting) release();
    waiting = [];
  };
  vi.spyOn(storageNoticesItem, 'getValue').mockImplementation(async () => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length >= 2) releaseAll();
      else setTimeout(releaseAll, 50);
    });
    return getValue();
  });
}

beforeEach(() => {
  fakeBrowser.reset();
  // The background, answering the options page through the real router.
  fakeBrowser.runtime.onMessage.addListener((message: unknown, _sender: unknown, sendResponse: (answer: unknown) => void) => {
    void routeMessage(noticeHandlers as Handlers, self, message, optionsPage).then(sendResponse);
    return true;
  });
});

describe('storage notices', () => {
  // Regression: the options page cleared the list while the background added a notice; whichever wrote
  // last won, so the new notice was lost (or the dismissed ones came back).
  it('a dismiss from the options page and an add by the background at the same moment both take effect', async () => {
    await addStorageNotice('old problem');
    readsMeetUp();
    const shown = await readStorageNotices();
    const [dismissed] = await Promise.all([
      sendMessage(dismissStorageNotices, { notices: shown }),
      addStorageNotice('new problem'),
    ]);
    expect(dismissed).toEqual({ ok: true, value: {} });
    expect(await readStorageNotices()).toEqual(['new problem']);
  });

  it('the same, with the add started first', async () => {
    await addStorageNotice('old problem');
    readsMeetUp();
    const shown = await readStorageNotices();
    await Promise.all([addStorageNotice('new problem'), sendMessage(dismissStorageNotices, { notices: shown })]);
    expect(await readStorageNotices()).toEqual(['new problem']);
  });

  it('a dismiss removes only the notices the page showed', async () => {
    await addStorageNotice('seen');
    await addStorageNotice('not yet seen');
    await sendMessage(dismissStorageNotices, { notices: ['seen'] });
    expect(await readStorageNotices()).toEqual(['not yet seen']);
  });

  it('two notices added at the same moment are both kept, once each', async () => {
    readsMeetUp();
    await Promise.all([addStorageNotice('first'), addStorageNotice('second'), addStorageNotice('first')]);
    expect(await readStorageNotices()).toEqual(['first', 'second']);
  });
});
