import { browser } from 'wxt/browser';

/** What a text takes in storage: its UTF-8 bytes. */
export const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * Megabytes to one decimal, as a number: the page writes it in its language ("1.2", "1,2"). A size
 * above zero shows as at least 0.1, never as "about 0 MB".
 */
export const megabytes = (bytes: number) =>
  bytes > 0 ? Math.max(0.1, Math.round((bytes / (1024 * 1024)) * 10) / 10) : 0;

/**
 * Bytes that these keys of storage.local hold now (one workspace's: the budget is per workspace).
 * Chrome, and Firefox from 144, measure it (getBytesInUse); the Firefox versions before (this extension
 * supports 140 on) lack it for `local`: then it is estimated the way Chrome counts, each key plus its
 * value as JSON, in UTF-8.
 */
export async function localBytesInUse(keys: string[]): Promise<number> {
  const local = browser.storage.local as { getBytesInUse?: (keys: string[]) => Promise<number> };
  if (typeof local.getBytesInUse === 'function') {
    try {
      const measured = await local.getBytesInUse(keys);
      if (typeof measured === 'number') return measured;
    } catch {
      // Not implemented here: estimated below.
    }
  }
  const stored = await browser.storage.local.get(keys);
  return Object.entries(stored).reduce(
    (total, [key, value]) =>
      value === undefined ? total : total + utf8Length(key) + utf8Length(JSON.stringify(value)),
    0,
  );
}
