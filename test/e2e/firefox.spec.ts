import type { Page } from 'puppeteer-core';
import { FIREFOX_WAIT_MS, launchFirefoxWithExtension, type FirefoxWithExtension } from './fixtures/firefox.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The input a <label> names. (ARIA selectors work over WebDriver BiDi, but a password input has no
 * textbox role, so fields are found through their label.)
 */
const field = (label: string) => `::-p-xpath(//input[@id=//label[normalize-space(.)="${label}"]/@for])`;
/** ARIA selectors work over WebDriver BiDi; role and name pick the control. */
const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;

async function valueOf(page: Page, name: string): Promise<string> {
  return (await page.locator(field(name)).waitHandle()).evaluate((input) => (input as HTMLInputElement).value);
}

async function textOf(page: Page, role: 'status' | 'alert'): Promise<string> {
  return (await page.locator(`::-p-aria([role="${role}"])`).waitHandle()).evaluate((element) => element.textContent ?? '');
}

let ff: FirefoxWithExtension;

test.beforeAll(async () => {
  ff = await launchFirefoxWithExtension();
});

test.afterAll(async () => {
  await ff?.close();
});

test('Firefox: save the connection, then create a project for a tab from popup.html?tabId', async ({ sandbox }) => {
  const options = await ff.openExtensionPage('options.html');
  // Declared host permissions of a temporary MV3 add-on: granted at install on ESR 153 (checked, not assumed).
  const access = await options.evaluate(() => browser.permissions.contains({ origins: ['http://127.0.0.1/*'] }));
  expect(access, 'host permission for http://127.0.0.1/* granted').toBe(true);

  await options.locator(field('Project API URL')).fill(sandbox.projectApiUrl);
  await options.locator(field('API key')).fill(sandbox.credentials.apiKey);
  await options.locator(field('Auth token')).fill(sandbox.credentials.authToken);
  await options.locator(button('Save connection')).click();
  await expect.poll(() => textOf(options, 'status')).toBe('Connection saved.');
  expect(await options.$$('::-p-aria([role="alert"])'), 'no "Access not granted" alert').toHaveLength(0);

  const title = 'Firefox «review» target 4b2d';
  const web = await ff.firefox.newPage();
  web.setDefaultTimeout(FIREFOX_WAIT_MS);
  await web.goto(sandbox.pageUrl('firefox-target', title));
  const webUrl = await web.evaluate(() => location.href);

  // Firefox match patterns ignore ports: query every tab and filter by URL.
  const tabs = await options.evaluate(async () => (await browser.tabs.query({})).map((tab) => ({ id: tab.id, url: tab.url })));
  const tabId = tabs.find((tab) => tab.url === webUrl)?.id;
  expect(tabId, `a tab showing ${webUrl} in ${JSON.stringify(tabs)}`).toBeDefined();

  const popup = await ff.openExtensionPage(`popup.html?tabId=${tabId}`);
  await expect.poll(() => valueOf(popup, 'Project URL')).toBe(webUrl);
  expect(await valueOf(popup, 'Project name')).toBe(title);

  await popup.locator(button('Create project')).click();
  await expect.poll(() => valueOf(popup, 'Project ID'), { timeout: 10_000 }).toMatch(/.+/);
  const created = sandbox.projects();
  expect(created).toHaveLength(1);
  expect(await valueOf(popup, 'Project ID')).toBe(created[0]!.projectId);

  expect(sandbox.requests).toHaveLength(1);
  const request = sandbox.requests[0]!;
  expect(request.route).toBe('project.create');
  expect(request.headers['x-service-api-key']).toBe(sandbox.credentials.apiKey);
  expect(request.headers['x-service-auth-token']).toBe(sandbox.credentials.authToken);
  expect(JSON.parse(request.body)).toStrictEqual({ data: { projectUrl: webUrl, projectName: title } });
});
