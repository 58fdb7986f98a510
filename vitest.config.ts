import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Chosen, not defaulted: every file gets fresh modules (storage items, stores, the fake browser's
    // listeners). Saying so also keeps vitest from printing its "faster with isolate: false" hint.
    isolate: true,
    // The fake browser has no i18n, no permission events and no storage getKeys: give it the real English
    // messages, the events, and getKeys.
    setupFiles: [
      'test/unit/setup/i18n.ts',
      'test/unit/setup/permission-events.ts',
      'test/unit/setup/storage-get-keys.ts',
    ],
  },
});
