import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { noticeHandlers } from '@/entrypoints/background/notice-handlers';
import { sendMessage } from '@/lib/messaging/client';
import { dismissStorageNotices } from '@/lib/messaging/messages/notice-messages';
import { routeMessage, type ExtensionHandlers, type Routes } from '@/lib/messaging/router';
import type { MessageKey } from '@/lib/i18n';
import { messageText, text, verbatimText, type MessageRef } from '@/lib/message-ref';
import { addStorageNotice, readStorageNotices, storageNoticesItem } from '@/lib/storage/notices-item';
import { loadStorageFixture } from '../fixtures/storage/load';

/** A notice as the background adds one: a named text, what could not be read named too. */
const notice = (what: MessageKey) => text('storageNoticeReset', text(what));
const OLD = notice('storedBulkCreateRows');
const NEW = notice('storedConnectionState');

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

/** Only the notices' handler: no other message is sent here. */
const routes: Routes = {
  extension: noticeHandlers as ExtensionHandlers,
  workspace: () => Promise.reject(new Error('no workspace message is sent here')),
};

beforeEach(() => {
  fakeBrowser.reset();
  // The background, answering the options page through the real router.
  fakeBrowser.runtime.onMessage.addListener(
    (message: unknown, _sender: unknown, sendResponse: (answer: unknown) => void) => {
      void routeMessage(routes, self, message, optionsPage).then(sendResponse);
      return true;
    },
  );
});

describe('storage notices', () => {
  // Regression: the options page cleared the list while the background added a notice; whichever wrote
  // last won, so the new notice was lost (or the dismissed ones came back).
  it('a dismiss from the options page and an add by the background at the same moment both take effect', async () => {
    await addStorageNotice(OLD);
    readsMeetUp();
    const shown = await readStorageNotices();
    const [dismissed] = await Promise.all([
      sendMessage(dismissStorageNotices, { notices: shown }),
      addStorageNotice(NEW),
    ]);
    expect(dismissed).toEqual({ ok: true, value: {} });
    expect(await readStorageNotices()).toEqual([NEW]);
  });

  it('the same, with the add started first', async () => {
    await addStorageNotice(OLD);
    readsMeetUp();
    const shown = await readStorageNotices();
    await Promise.all([addStorageNotice(NEW), sendMessage(dismissStorageNotices, { notices: shown })]);
    expect(await readStorageNotices()).toEqual([NEW]);
  });

  it('a dismiss removes only the notices the page showed', async () => {
    await addStorageNotice(notice('storedCredentials'));
    await addStorageNotice(notice('storedConnectionSettings'));
    // The page sends back the notices it read; they are compared by what they name, not by identity.
    await sendMessage(dismissStorageNotices, {
      notices: [JSON.parse(JSON.stringify(notice('storedCredentials'))) as MessageRef],
    });
    expect(await readStorageNotices()).toEqual([notice('storedConnectionSettings')]);
  });

  it('two notices added at the same moment are both kept, once each', async () => {
    readsMeetUp();
    await Promise.all([addStorageNotice(OLD), addStorageNotice(NEW), addStorageNotice(notice('storedBulkCreateRows'))]);
    expect(await readStorageNotices()).toEqual([OLD, NEW]);
  });

  it('notices with the same text but other arguments are two notices', async () => {
    await addStorageNotice(text('storageNoticeKeptAside', text('storedProjectHistory'), 'ws.a.projectHistory'));
    await addStorageNotice(text('storageNoticeKeptAside', text('storedProjectHistory'), 'ws.b.projectHistory'));
    expect((await readStorageNotices()).map(messageText)).toEqual([
      "The saved project history could not be read. It was kept unchanged under “corrupt:ws.a.projectHistory” in this browser's storage and a fresh one was started; nothing was deleted.",
      "The saved project history could not be read. It was kept unchanged under “corrupt:ws.b.projectHistory” in this browser's storage and a fresh one was started; nothing was deleted.",
    ]);
  });
});

describe('notices stored by an older version (plain English words)', () => {
  const stored = loadStorageFixture<string[]>('storage-notices.v1.json');

  it('are read as words shown as they are, next to new named ones, and can be dismissed', async () => {
    await storageNoticesItem.setValue(stored);
    const [credentials, registryPart] = stored as [string, string];
    expect(await readStorageNotices()).toEqual([verbatimText(credentials), verbatimText(registryPart)]);
    expect((await readStorageNotices()).map(messageText)).toEqual(stored);

    await addStorageNotice(NEW);
    expect(await readStorageNotices()).toEqual([verbatimText(credentials), verbatimText(registryPart), NEW]);
    await sendMessage(dismissStorageNotices, { notices: [verbatimText(credentials)] });
    expect(await readStorageNotices()).toEqual([verbatimText(registryPart), NEW]);
  });
});
