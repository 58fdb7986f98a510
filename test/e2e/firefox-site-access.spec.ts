import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import {
  FIREFOX_PRODUCTION_BUILD_DIR,
  launchFirefoxWithExtension,
  type FirefoxWithExtension,
} from './fixtures/firefox.ts';
import { button, expectMessage, field, paste } from './fixtures/firefox-page.ts';
import { openOptionsSection } from './fixtures/firefox-sections.ts';
import type { Sandbox } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';
import { sitePages } from '../sandbox/site.ts';

/**
 * Fetch sitemap's temporary host access, with the PRODUCTION build (the loopback origins only in
 * optional_host_permissions, nothing granted up front) and Firefox's prompt turned off
 * (`extensions.webextOptionalPermissionPrompts: false`, as in firefox-permissions.spec.ts): the click
 * really adds `http://127.0.0.1/*`, and the background must give it back when the fetch ends, however
 * it ends. No connection is saved here, so nothing else holds that origin.
 */
const PROMPTLESS = { 'extensions.webextOptionalPermissionPrompts': false };
const SANDBOX_PATTERN = 'http://127.0.0.1/*';

let ff: FirefoxWithExtension;

test.beforeAll(async () => {
  const manifest = JSON.parse(
    await readFile(path.join(FIREFOX_PRODUCTION_BUILD_DIR, 'manifest.json'), 'utf8').catch(() => '{}'),
  ) as { host_permissions?: string[]; optional_host_permissions?: string[] };
  if (!manifest.optional_host_permissions?.includes(SANDBOX_PATTERN) || manifest.host_permissions?.length) {
    throw new Error(`${FIREFOX_PRODUCTION_BUILD_DIR} is not a production build: run \`npm run build\`.`);
  }
  ff = await launchFirefoxWithExtension(FIREFOX_PRODUCTION_BUILD_DIR, PROMPTLESS);
});

test.afterAll(async () => {
  await ff?.close();
});

const origins = async (page: Page) => (await page.evaluate(() => browser.permissions.getAll())).origins ?? [];

async function fetchSitemap(options: Page, address: string) {
  await options.bringToFront(); // a background tab gets no animation frames, which a locator's click waits for
  await paste(options, field('Sitemap address'), address);
  await options.locator(button('Fetch sitemap')).click();
}

const slowRequests = (sandbox: Sandbox, ms: number) =>
  sandbox.siteRequests.filter((request) => request.path === `/site/slow.xml?ms=${ms}`);

test('Firefox production build: Fetch sitemap adds access to the site in its click and gives it back when done', async ({
  sandbox,
}) => {
  sandbox.setSitePageName('ff-access');
  const options = await openOptionsSection(ff, 'projects');
  expect(await origins(options), 'nothing granted before the click').toEqual([]);
  await fetchSitemap(options, sandbox.origin);
  const expected = sitePages({ origin: sandbox.origin, pageName: 'ff-access' });
  await expectMessage(
    options,
    'status',
    `${expected.length} addresses from 7 sitemap(s) put into Page addresses.`,
    15_000,
  );
  // Read with the access (the redirect followed on the site needs webRequest), then given back.
  expect(sandbox.siteRequests.map((request) => request.path)).toContain('/site/moved-here.xml');
  await expect.poll(() => origins(options)).toEqual([]);
});

test('Firefox production build: the access is given back after Cancel fetch, and when the page is closed mid-fetch', async ({
  sandbox,
}) => {
  test.setTimeout(60_000);
  const options = await openOptionsSection(ff, 'projects');
  await fetchSitemap(options, `${sandbox.origin}/site/slow.xml?ms=4000`);
  await expect.poll(() => slowRequests(sandbox, 4000).length).toBe(1);
  expect(await origins(options), 'held while the fetch runs').toEqual([SANDBOX_PATTERN]);
  await options.locator(button('Cancel fetch')).click();
  await expectMessage(options, 'alert', 'Fetch cancelled: nothing was put into Page addresses.');
  await expect.poll(() => origins(options)).toEqual([]);

  const closing = await openOptionsSection(ff, 'projects');
  await fetchSitemap(closing, `${sandbox.origin}/site/slow.xml?ms=4001`);
  await expect.poll(() => slowRequests(sandbox, 4001).length).toBe(1);
  expect(await origins(options), 'held while the other page fetches').toEqual([SANDBOX_PATTERN]);
  await closing.close();
  // Asked from the page that stays: the background ended the closed page's fetch and gave the access back.
  await expect.poll(() => origins(options), { timeout: 10_000 }).toEqual([]);
  await expect.poll(() => slowRequests(sandbox, 4001)[0]?.clientGone, { timeout: 10_000 }).toBe(true);
});

test('Firefox production build: access held before the fetch (the service’s own origin) stays after it', async ({
  sandbox,
}) => {
  const options = await openOptionsSection(ff, 'projects');
  // As Save connection would have granted it for a service on this origin, in a click of its own.
  await options.evaluate(() => {
    const grant = document.createElement('button');
    grant.textContent = 'Grant for the test';
    grant.addEventListener('click', () => void browser.permissions.request({ origins: ['http://127.0.0.1/*'] }));
    document.body.append(grant);
  });
  await options.bringToFront();
  await options.locator(button('Grant for the test')).click();
  await expect.poll(() => origins(options)).toEqual([SANDBOX_PATTERN]);
  // Past the background's 10 s look-back, the grant is "held before", whatever the page says.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  await fetchSitemap(options, `${sandbox.origin}/site/sitemap-1.xml.gz`);
  await expectMessage(options, 'status', '3 addresses from 1 sitemap(s) put into Page addresses.', 10_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await origins(options)).toEqual([SANDBOX_PATTERN]);
  await options.evaluate(() => browser.permissions.remove({ origins: ['http://127.0.0.1/*'] }));
});
