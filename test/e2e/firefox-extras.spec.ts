import type { Page } from 'puppeteer-core';
import { launchFirefoxWithExtension, type FirefoxWithExtension } from './fixtures/firefox.ts';
import { expect, test } from './fixtures/test.ts';

let ff: FirefoxWithExtension;

test.beforeAll(async () => {
  ff = await launchFirefoxWithExtension();
});

test.afterAll(async () => {
  await ff?.close();
});

const textOf = async (page: Page, selector: string) =>
  (await page.locator(selector).waitHandle()).evaluate((element) => element.textContent ?? '');

test('Firefox: the popup footer shows Alt+Shift+R, and its texts come from _locales', async () => {
  const popup = await ff.openExtensionPage('popup.html');
  await expect.poll(() => textOf(popup, 'footer')).toBe('Keyboard shortcut: Alt+Shift+R');
  expect(await textOf(popup, 'h1')).toBe('Register this page for review');
  expect(await popup.evaluate(() => document.title)).toBe('Register this page for review');
  const manifest = await popup.evaluate(() => {
    const { name, description } = browser.runtime.getManifest();
    return { name, description, i18nName: browser.i18n.getMessage('extName') };
  });
  expect(manifest).toEqual({
    name: 'Review Companion',
    description: 'Register the page you are on as a review project, and manage review user groups.',
    i18nName: 'Review Companion',
  });
});

test('Firefox: the contextMenus permission gives browser.contextMenus (the alias of menus)', async () => {
  const page = await ff.openExtensionPage('popup.html');
  const apis = await page.evaluate(() => ({
    contextMenus: typeof browser.contextMenus?.create,
    onClicked: typeof browser.contextMenus?.onClicked?.addListener,
  }));
  expect(apis).toEqual({ contextMenus: 'function', onClicked: 'function' });
});
