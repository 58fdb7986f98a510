import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The fake browser throws "not implemented" for `storage.<area>.getKeys` (Chrome 130, Firefox 143),
 * which the lock uses to read only the values that hold secrets: answered here from the area's values.
 * Assigned, not spied: `restoreMocks` must not take it away. A test of the fallback deletes it.
 */
for (const area of [fakeBrowser.storage.local, fakeBrowser.storage.session]) {
  Object.assign(area, { getKeys: async () => Object.keys(await area.get(null)) });
}
