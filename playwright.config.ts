import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the built extension (`npm run build:e2e` first). The specs launch the system's
 * Chromium and Firefox themselves (test/e2e/fixtures), so there are no browser `projects` here and
 * Playwright never downloads a browser.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  retries: 0,
  // One browser per worker; the machine has two cores.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  outputDir: 'test-results',
});
