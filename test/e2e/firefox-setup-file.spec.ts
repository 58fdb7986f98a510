// Firefox: a setup file from one profile to another. The export's download is read where the page
// makes it (the anchor's blob), since puppeteer over BiDi does not hand downloads over.
import type { Page } from 'puppeteer-core';
import {
  FIREFOX_WAIT_MS,
  launchFirefoxWithExtension,
  navigateExtensionPage,
  type FirefoxWithExtension,
} from './fixtures/firefox.ts';
import {
  button,
  dialogButton,
  dialogField,
  expectMessage,
  field,
  fillConnection,
  valueOf,
} from './fixtures/firefox-page.ts';
import { goToSection, openOptionsSection, waitForSection } from './fixtures/firefox-sections.ts';
import { catchDownloads, chooseSetupFile as chooseFile, savedFiles, typeInto } from './fixtures/firefox-files.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { userDataOf } from './fixtures/extension-storage.ts';
import { expect, test } from './fixtures/test.ts';

const PASSPHRASE = 'correct horse battery staple';
let admin: FirefoxWithExtension;
let reviewer: FirefoxWithExtension;

test.beforeAll(async () => {
  admin = await launchFirefoxWithExtension();
  reviewer = await launchFirefoxWithExtension();
});

test.afterAll(async () => {
  await admin?.close();
  await reviewer?.close();
});

/** Records, in order, the page's host access requests and messages to the background (window.recordedCalls). */
async function recordCalls(page: Page): Promise<void> {
  await page.evaluate(() => {
    const calls: string[] = [];
    Reflect.set(window, 'recordedCalls', calls);
    const request = browser.permissions.request.bind(browser.permissions);
    const send = browser.runtime.sendMessage.bind(browser.runtime);
    Reflect.set(browser.permissions, 'request', (permissions: { origins?: string[] }) => {
      calls.push(`permissions.request ${(permissions.origins ?? []).join(' ')}`);
      return request(permissions);
    });
    Reflect.set(browser.runtime, 'sendMessage', (message: { type?: string }) => {
      calls.push(`runtime.sendMessage ${message.type}`);
      return send(message);
    });
  });
}

/** What the user keeps of the extension's storage (fixtures/extension-storage.ts). */
const storedUserData = async (page: Page) => userDataOf(await page.evaluate(() => browser.storage.local.get(null)));

test('Firefox: export in one profile, import in another; a wrong passphrase writes nothing; replacing the same-name workspace lets the popup create a project', async ({
  sandbox,
}) => {
  const options = await openOptionsSection(admin, 'connection');
  await fillConnection(options, sandbox);
  await expectMessage(options, 'status', 'Connection saved.');
  await goToSection(options, 'backup');
  await catchDownloads(options);
  await options.locator(button('Export setup file')).click();
  await typeInto(options, dialogField('Passphrase'), PASSPHRASE);
  await typeInto(options, dialogField('Confirm passphrase'), PASSPHRASE);
  await options.locator(dialogButton('Export setup file')).click();
  await expect.poll(async () => (await savedFiles(options)).length, { timeout: 10_000 }).toBe(1);
  const [file] = await savedFiles(options);
  expect(file!.name).toMatch(/\.review-setup\.json$/);
  for (const secret of secretsOf(sandbox)) expect(file!.text).not.toContain(secret);

  // The reviewer's browser, on the start page its install opened: registering pages, with a setup file.
  expect(reviewer.startPageUrl).toBe(reviewer.extensionUrl('options.html#start'));
  const importer = await reviewer.firefox.newPage();
  importer.setDefaultTimeout(FIREFOX_WAIT_MS);
  await navigateExtensionPage(importer, reviewer.startPageUrl);
  await waitForSection(importer, 'start');
  await importer
    .locator('::-p-xpath(//label[contains(normalize-space(.), "Register pages for review")]//input[@type="radio"])')
    .click();
  await chooseFile(importer, file!.text);
  await expect.poll(() => importer.evaluate(() => document.body.innerText)).toContain(sandbox.projectApiUrl);
  const before = await storedUserData(importer);
  await typeInto(importer, field('Passphrase'), 'not the passphrase');
  await importer.locator(button('Import setup')).click();
  await expectMessage(importer, 'alert', 'Wrong passphrase or damaged file. Nothing was imported.', 10_000);
  expect(await storedUserData(importer)).toEqual(before);

  await recordCalls(importer);
  await typeInto(importer, field('Passphrase'), PASSPHRASE);
  await importer.locator(button('Import setup')).click();
  // Both profiles start with a workspace named alike: the import offers to replace its connection.
  await importer.locator(dialogButton('Replace workspace')).click();
  await expectMessage(importer, 'status', 'now uses the imported connection and secrets.', 10_000);
  // No host access is asked for before the passphrase has authenticated the file's addresses (issue 24,
  // finding 7); this build already has access to the loopback address, so none is asked afterwards either.
  const calls = await importer.evaluate(() => Reflect.get(window, 'recordedCalls') as string[]);
  expect(calls.filter((call) => call.startsWith('runtime.sendMessage importSetupFile'))).toHaveLength(2);
  expect(calls.some((call) => call.startsWith('permissions.request'))).toBe(false);
  await goToSection(importer, 'connection');
  await expect.poll(() => valueOf(importer, 'Project API URL')).toBe(sandbox.projectApiUrl);

  const web = await reviewer.firefox.newPage();
  await web.goto(sandbox.pageUrl('ff-imported', 'Imported page'));
  const url = await web.evaluate(() => location.href);
  const tabs = await importer.evaluate(async () =>
    (await browser.tabs.query({})).map((tab) => ({ id: tab.id, url: tab.url })),
  );
  const popup = await reviewer.openExtensionPage(`popup.html?tabId=${tabs.find((tab) => tab.url === url)?.id}`);
  await expect.poll(() => valueOf(popup, 'Project URL')).toBe(url);
  await popup.locator(button('Create project')).click();
  await expect.poll(() => valueOf(popup, 'Project ID'), { timeout: 10_000 }).toMatch(/.+/);
  expect(sandbox.projects().map((project) => project.projectId)).toContain(await valueOf(popup, 'Project ID'));
});
