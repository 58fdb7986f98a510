import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { launchExtensionBrowser, type ExtensionBrowser } from './fixtures/chromium.ts';
import { optionsUrl, type OptionsSection } from './fixtures/connection.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 16: with the browser in German, the popup and every section of the options page speak German,
 * and no English text of ours is left on them. (The errors the background composes are still English:
 * issue 16's next step.)
 */
const LOCALES = path.resolve(import.meta.dirname, '../../public/_locales');
const messagesOf = (locale: string) => JSON.parse(readFileSync(path.join(LOCALES, locale, 'messages.json'), 'utf8')) as Record<string, { message: string }>;
const english = messagesOf('en');
const german = messagesOf('de');
/** English texts of a few words that German does not share: any of them on a page is a text left untranslated. */
const ENGLISH_ONLY = Object.entries(english)
  .filter(([name, entry]) => !entry.message.includes('$') && entry.message.trim().split(/\s+/).length >= 2 && german[name]?.message !== entry.message)
  .map(([, entry]) => entry.message);

const SECTIONS: OptionsSection[] = ['start', 'projects', 'groups', 'connection', 'backup', 'about'];

let own: ExtensionBrowser;
test.beforeAll(async () => {
  own = await launchExtensionBrowser({ language: 'de' });
});
test.afterAll(async () => {
  await own.close();
});

async function expectNoEnglish(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(ENGLISH_ONLY.filter((message) => text.includes(message)), `English left in ${where}`).toEqual([]);
}

test('in German, every options section speaks German, with <html lang="de">', async () => {
  const page = await own.context.newPage();
  await page.goto(optionsUrl(own.extensionId, 'start'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const nav = page.getByRole('navigation', { name: german.navLabel!.message });
  await expect(nav.getByRole('link')).toHaveText(['navStart', 'navProjects', 'navGroups', 'navConnection', 'navBackup', 'navAbout'].map((name) => german[name]!.message));
  for (const section of SECTIONS) {
    await page.goto(optionsUrl(own.extensionId, section));
    await expect(page.locator('main h2').first()).toBeVisible();
    await expectNoEnglish(page, `#${section}`);
  }
  // The start page's choices, each with its own fields.
  await page.goto(optionsUrl(own.extensionId, 'start'));
  await page.getByRole('radio', { name: new RegExp(`^${german.startRolePages!.message}`) }).check();
  await expect(page.getByLabel(german.connectionProjectApiUrl!.message, { exact: true })).toBeVisible();
  await expectNoEnglish(page, '#start with a role chosen');
  // An address the extension refuses is explained in German, with the way out.
  const address = page.getByLabel(german.connectionProjectApiUrl!.message, { exact: true });
  await address.fill('http://example.com');
  await page.getByRole('button', { name: german.connectionSave!.message }).click();
  await expect(address).toHaveAccessibleDescription(german.urlProblemPlainHttp!.message);
});

test('in German, the popup speaks German and names what is missing in German', async ({ sandbox }) => {
  const site = await own.context.newPage();
  await site.goto(sandbox.pageUrl('sprache', 'Eine Seite'));
  const popup = await openPopupForTab(own, site);
  await expect(popup.locator('html')).toHaveAttribute('lang', 'de');
  await expect(popup.getByRole('button', { name: german.openSettings!.message })).toBeVisible();
  await expectNoEnglish(popup, 'the popup');
});
