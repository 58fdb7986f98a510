import { describe, expect, it } from 'vitest';
import { isTrustedSender, type MessageSender } from '@/lib/messaging/sender-guard';

const self = { id: 'abc', origin: 'chrome-extension://abc/' };
const ownTab = {
  id: 3,
  index: 0,
  windowId: 1,
  highlighted: false,
  active: true,
  pinned: false,
  incognito: false,
} as MessageSender['tab'];

describe('isTrustedSender', () => {
  it.each<[string, MessageSender, boolean]>([
    ['the popup', { id: 'abc', url: 'chrome-extension://abc/popup.html' }, false],
    [
      'the options page opened in a tab, when tabs are allowed',
      { id: 'abc', url: 'chrome-extension://abc/options.html', tab: ownTab },
      true,
    ],
  ])('accepts %s', (_label, sender, allowTab) => {
    expect(isTrustedSender(sender, self, allowTab)).toBe(true);
  });

  it.each<[string, MessageSender, boolean]>([
    ['another extension', { id: 'evil', url: 'chrome-extension://evil/page.html' }, true],
    ['another extension claiming our URL', { id: 'evil', url: 'chrome-extension://abc/popup.html' }, true],
    ['our id with a web page URL (a content script)', { id: 'abc', url: 'https://example.com/', tab: ownTab }, true],
    ['a web page', { url: 'https://example.com/' }, true],
    [
      'another extension origin that shares our id as a prefix',
      { id: 'abc', url: 'chrome-extension://abcdef/page.html' },
      true,
    ],
    [
      'a sender with a tab when tabs are not allowed',
      { id: 'abc', url: 'chrome-extension://abc/options.html', tab: ownTab },
      false,
    ],
    ['a sender without url', { id: 'abc' }, true],
    ['an empty sender (as the fake browser sends)', {}, true],
  ])('rejects %s', (_label, sender, allowTab) => {
    expect(isTrustedSender(sender, self, allowTab)).toBe(false);
  });
});
