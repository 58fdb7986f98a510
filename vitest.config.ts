import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // The fake browser has no i18n and no permission events: give it the real English messages, and events.
    setupFiles: ['test/unit/setup/i18n.ts', 'test/unit/setup/permission-events.ts'],
  },
});
