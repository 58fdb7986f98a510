import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { launchExtensionBrowser, type ExtensionBrowser } from './fixtures/chromium.ts';
import { connectionFor, optionsUrl, type OptionsSection } from './fixtures/connection.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 16: with the browser in German, the popup and every section of the options page speak German,
 * and no English text of ours is left on them, the background's errors included (they cross as named
 * texts and the page renders them in German).
 */
const LOCALES = path.resolve(import.meta.dirname, '../../public/_locales');
interface Message {
  message: string;
  placeholders?: Record<string, { content: string }>;
}
const messagesOf = (locale: string) =>
  JSON.parse(readFileSync(path.join(LOCALES, locale, 'messages.json'), 'utf8')) as Record<string, Message>;
const english = messagesOf('en');
const german = messagesOf('de');
/** English texts of a few words that German does not share: any of them on a page is a text left untranslated. */
const ENGLISH_ONLY = Object.entries(english)
  .filter(
    ([name, entry]) =>
      !entry.message.includes('$') &&
      entry.message.trim().split(/\s+/).length >= 2 &&
      german[name]?.message !== entry.message,
  )
  .map(([, entry]) => entry.message);

const SECTIONS: OptionsSection[] = ['start', 'projects', 'groups', 'connection', 'backup', 'activity', 'about'];

let own: ExtensionBrowser;
test.beforeAll(async () => {
  own = await launchExtensionBrowser({ language: 'de' });
});
test.afterAll(async () => {
  await own.close();
});

/** A German message with its placeholders filled in, as Chrome does ($1… in placeholder order). */
function germanText(name: string, ...values: string[]): string {
  const entry = german[name]!;
  const contents = Object.fromEntries(
    Object.entries(entry.placeholders ?? {}).map(([key, value]) => [key.toLowerCase(), value.content]),
  );
  return entry.message.replace(
    /\$([A-Za-z0-9_]+)\$/g,
    (_match, key: string) => values[Number(contents[key.toLowerCase()]!.slice(1)) - 1]!,
  );
}

async function expectNoEnglish(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(
    ENGLISH_ONLY.filter((message) => text.includes(message)),
    `English left in ${where}`,
  ).toEqual([]);
}

test('in German, every options section speaks German, with <html lang="de">', async () => {
  const page = await own.context.newPage();
  await page.goto(optionsUrl(own.extensionId, 'start'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const nav = page.getByRole('navigation', { name: german.navLabel!.message });
  await expect(nav.getByRole('link')).toHaveText(
    ['navStart', 'navProjects', 'navGroups', 'navConnection', 'navBackup', 'navActivity', 'navAbout'].map(
      (name) => german[name]!.message,
    ),
  );
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

test('in German, the sandbox’s errors arrive in German, on the options page and in the popup', async ({ sandbox }) => {
  const values = connectionFor(sandbox);
  const options = await own.context.newPage();
  await options.goto(optionsUrl(own.extensionId, 'connection'));
  await options.getByLabel(german.connectionUserGroupBaseUrl!.message, { exact: true }).fill(values.userGroupBaseUrl);
  await options.getByLabel(german.connectionApiToken!.message, { exact: true }).fill(values.apiToken);
  await options.getByLabel(german.connectionProjectApiUrl!.message, { exact: true }).fill(values.projectApiUrl);
  await options.getByLabel(german.connectionApiKey!.message, { exact: true }).fill(values.apiKey);
  await options.getByLabel(german.connectionAuthToken!.message, { exact: true }).fill(values.authToken);
  await options.getByRole('button', { name: german.connectionSave!.message }).click();
  await expect(options.getByRole('status')).toContainText(german.connectionSaved!.message);

  // The user group API refuses the credentials (HTTP 401): the create form's alert is German.
  sandbox.setFault('userGroup.create', { kind: 'unauthorized' });
  await options.goto(optionsUrl(own.extensionId, 'groups'));
  await options.getByLabel(german.groupsFieldName!.message, { exact: true }).fill('Prüfgruppe');
  await options.getByLabel(german.groupsFieldId!.message, { exact: true }).fill('pruef-1');
  await options.getByRole('button', { name: german.groupsCreate!.message }).click();
  await expect(options.getByRole('alert')).toContainText(germanText('errorUnauthenticated', sandbox.origin));
  await expectNoEnglish(options, 'the groups section after a refused create');

  // The project API fails with an HTML 503 page: the popup's alert is German too.
  sandbox.setFault('project.create', { kind: 'html', status: 503 });
  const site = await own.context.newPage();
  await site.goto(sandbox.pageUrl('fehler', 'Eine Seite mit Fehler'));
  const popup = await openPopupForTab(own, site);
  await popup.getByRole('button', { name: german.createProject!.message }).click();
  await expect(popup.getByRole('alert')).toContainText(germanText('errorServerError', sandbox.origin, '503'));
  await expectNoEnglish(popup, 'the popup after a server error');
  sandbox.clearFaults();
});
