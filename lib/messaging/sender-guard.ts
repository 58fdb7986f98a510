import type { Browser } from 'wxt/browser';

export type MessageSender = Browser.runtime.MessageSender;

export interface ExtensionIdentity {
  /** `browser.runtime.id` */
  id: string;
  /** `browser.runtime.getURL('')`, e.g. chrome-extension://abc/ */
  origin: string;
}

/**
 * Only this extension's own pages may talk to the background: same extension id, a sender URL on
 * the extension's origin (content scripts and web pages have their page's URL), and no tab unless
 * the message is one that an extension page opened in a tab may send.
 */
export function isTrustedSender(sender: MessageSender, self: ExtensionIdentity, allowTab: boolean): boolean {
  if (sender.id !== self.id) return false;
  const url = sender.url ?? '';
  if (!url.startsWith(self.origin)) return false;
  if (sender.tab && !allowTab) return false;
  return true;
}
