import { browser } from 'wxt/browser';

/** What a text takes in storage: its UTF-8 bytes. */
export const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * Bytes that storage.local holds now. Chrome, and Firefox from 144, measure it (getBytesInUse); the
 * Firefox versions before (this extension supports 140 on) lack it for `local`: then it is estimated
 * the way Chrome counts, each key plus its value as JSON, in UTF-8.
 */
export async function localBytesInUse(): Promise<number> {
  const local = browser.storage.local as { getBytesInUse?: (keys: null) => Promise<number> };
  if (typeof local.getBytesInUse === 'function') {
    try {
      const measured = await local.getBytesInUse(null);
      if (typeof measured === 'number') return measured;
    } catch {
      // Not implemented here: estimated below.
    }
  }
  const all = await browser.storage.local.get(null);
  return Object.entries(all).reduce((total, [key, value]) => total + utf8Length(key) + utf8Length(JSON.stringify(value) ?? ''), 0);
}
