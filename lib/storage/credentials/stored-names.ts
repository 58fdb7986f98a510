import { browser } from 'wxt/browser';

/** Every key of an area: getKeys where the browser has it (Chrome 130+), else read from everything stored. */
export async function storedNamesOf(area: 'local' | 'session'): Promise<string[]> {
  const storageArea = browser.storage[area] as typeof browser.storage.local & { getKeys?: () => Promise<string[]> };
  try {
    if (typeof storageArea.getKeys === 'function') return await storageArea.getKeys();
  } catch {
    // Not implemented here: read below.
  }
  return Object.keys(await storageArea.get(null));
}
