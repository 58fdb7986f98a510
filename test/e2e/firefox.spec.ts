import type { Page } from 'puppeteer-core';
import { displayUrl } from '../../lib/url/display-url.ts';
import { FIREFOX_WAIT_MS, launchFirefoxWithExtension, type FirefoxWithExtension } from './fixtures/firefox.ts';
import {
  button,
  dialogButton,
  dialogField,
  exists,
  expectMessage,
  field,
  fillConnection,
  paste,
  messagesOf,
  row,
  rowButton,
  selectField,
  serviceKnowsToken,
  textOf,
  valueOf,
} from './fixtures/firefox-page.ts';
import { goToSection, openOptionsSection, reloadOnSection } from './fixtures/firefox-sections.ts';
import type { Sandbox } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';

let ff: FirefoxWithExtension;

test.beforeAll(async () => {
  ff = await launchFirefoxWithExtension();
});

test.afterAll(async () => {
  await ff?.close();
});

test('Firefox: the install opened the start page in a tab', () => {
  expect(ff.startPageUrl).toBe(ff.extensionUrl('options.html#start'));
});

test('Firefox: save the connection, then create a project for a tab from popup.html?tabId', async ({ sandbox }) => {
  const options = await openOptionsSection(ff, 'connection');
  // Declared host permissions of a temporary MV3 add-on: granted at install on ESR 153 (checked, not assumed).
  const access = await options.evaluate(() => browser.permissions.contains({ origins: ['http://127.0.0.1/*'] }));
  expect(access, 'host permission for http://127.0.0.1/* granted').toBe(true);

  await paste(options, field('Project API URL'), sandbox.projectApiUrl);
  await paste(options, field('API key'), sandbox.credentials.apiKey);
  await paste(options, field('Auth token'), sandbox.credentials.authToken);
  await options.locator(button('Save connection')).click();
  await expect.poll(() => textOf(options, 'status')).toBe('Connection saved.');
  expect(await options.$$('::-p-aria([role="alert"])'), 'no "Access not granted" alert').toHaveLength(0);

  const title = 'Firefox «review» target 4b2d';
  const web = await ff.firefox.newPage();
  web.setDefaultTimeout(FIREFOX_WAIT_MS);
  await web.goto(sandbox.pageUrl('firefox-target', title));
  const webUrl = await web.evaluate(() => location.href);

  // Firefox match patterns ignore ports: query every tab and filter by URL.
  const tabs = await options.evaluate(async () =>
    (await browser.tabs.query({})).map((tab) => ({ id: tab.id, url: tab.url })),
  );
  const tabId = tabs.find((tab) => tab.url === webUrl)?.id;
  expect(tabId, `a tab showing ${webUrl} in ${JSON.stringify(tabs)}`).toBeDefined();

  const popup = await ff.openExtensionPage(`popup.html?tabId=${tabId}`);
  // The form first (up to FIREFOX_WAIT_MS on a loaded machine), then its value within expect's 5 s.
  await popup.locator(button('Create project')).waitHandle();
  await expect.poll(() => valueOf(popup, 'Project URL')).toBe(displayUrl(webUrl));
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

async function createGroup(
  options: Page,
  name: string,
  id: string,
  environment: 'Customer' | 'Testing',
): Promise<void> {
  await paste(options, field('Name'), name);
  await paste(options, field('User group ID'), id);
  await (await options.locator(selectField('Environment')).waitHandle()).select(environment);
  await options.locator(button('Create user group')).click();
  await expectMessage(options, 'status', `Created “${name}” (${environment}, ID ${id})`);
}

/** The options page's user groups, once the connection to the sandbox is saved through the page. */
async function openGroupsConnected(sandbox: Sandbox): Promise<Page> {
  const options = await openOptionsSection(ff, 'connection');
  await fillConnection(options, sandbox);
  await expectMessage(options, 'status', 'Connection saved.');
  await goToSection(options, 'groups');
  return options;
}

test('Firefox: user groups — the same id in Customer and Testing, rotate one, delete the other', async ({
  sandbox,
}) => {
  const options = await openGroupsConnected(sandbox);

  await createGroup(options, 'Acme production', 'acme', 'Customer');
  await createGroup(options, 'Acme staging', 'acme', 'Testing');
  const tagged = () =>
    sandbox
      .groups()
      .map((group) => `${group.api_environment_tag}:${group.provided_id}:${group.name}`)
      .sort();
  expect(tagged()).toEqual(['Customer:acme:Acme production', 'Testing:acme:Acme staging']);
  expect(
    await exists(
      options,
      `::-p-xpath(${row('Acme production')}[*[@role="gridcell" and normalize-space(.)="Customer"]])`,
    ),
  ).toBe(true);
  expect(
    await exists(options, `::-p-xpath(${row('Acme staging')}[*[@role="gridcell" and normalize-space(.)="Testing"]])`),
  ).toBe(true);
  expect(await exists(options, rowButton('Acme staging', 'Copy token'))).toBe(true);

  // Rotate the Testing group: the new token is stored and shown, the service refuses the old one.
  const stagingToken = () => sandbox.groups().find((group) => group.api_environment_tag === 'Testing')!.token;
  const oldToken = stagingToken();
  await options.locator(rowButton('Acme staging', 'Actions')).click(); // the row's menu
  await options.locator(rowButton('Acme staging', 'Rotate token')).click();
  await options.locator(dialogButton('Rotate token')).click();
  await expectMessage(options, 'status', 'New token for “Acme staging”');
  expect(stagingToken()).not.toBe(oldToken);
  await options.locator(rowButton('Acme staging', 'Show')).click();
  const shownToken = () => options.$eval(`::-p-xpath(${row('Acme staging')}//code)`, (code) => code.textContent);
  await expect.poll(shownToken).toBe(stagingToken());
  expect(await serviceKnowsToken(sandbox, oldToken), 'the service answers success 0 to the old token').toBe(0);

  // Delete the Customer group (with a data source id); the Testing one stays.
  await options.locator(rowButton('Acme production', 'Actions')).click(); // the row's menu
  await options.locator(rowButton('Acme production', 'Delete')).click();
  await options.locator(dialogField('Data source ID (optional)')).fill('ds-42');
  await options.locator(dialogButton('Delete group')).click();
  await expectMessage(options, 'status', 'Deleted “Acme production”');
  await expect.poll(() => exists(options, `::-p-xpath(${row('Acme production')})`)).toBe(false);
  const deleteRequest = sandbox.requests.findLast((request) => request.route === 'userGroup.delete');
  expect(JSON.parse(deleteRequest!.body)).toMatchObject({ user_group_id: 'acme', data_source_provided_id: 'ds-42' });
  expect(tagged()).toEqual(['Testing:acme:Acme staging']);
  expect((await messagesOf(options)).filter((message) => message.startsWith('alert:'))).toEqual([]);

  // Reload: the list comes from storage, with the rotated token.
  await reloadOnSection(ff, options, 'groups');
  await options.locator(rowButton('Acme staging', 'Show')).click();
  await expect.poll(shownToken).toBe(stagingToken());
  expect(await exists(options, `::-p-xpath(${row('Acme production')})`)).toBe(false);
});

test('Firefox: Copy token clears the clipboard after the time (the background page’s alarm), only if it still holds the token, also with the page closed', async ({
  sandbox,
}) => {
  const options = await openGroupsConnected(sandbox);
  await createGroup(options, 'Clipboard team', 'clip-1', 'Customer');
  const token = sandbox.groups().find((group) => group.provided_id === 'clip-1')!.token;
  // The e2e build's shortest choice.
  await (await options.locator(selectField('Clear clipboard after')).waitHandle()).select('2');
  // An extension page reads the clipboard (the e2e build holds clipboardRead and clipboardWrite).
  const reader = await ff.openExtensionPage('popup.html');
  const clipboard = () => reader.evaluate(() => navigator.clipboard.readText());
  const waiting = () =>
    reader.evaluate(async () =>
      (await browser.alarms.getAll()).filter((alarm) => alarm.name.startsWith('clearClipboard.')).map((a) => a.name),
    );
  const copy = async () => {
    await options.bringToFront();
    await options.locator(rowButton('Clipboard team', 'Copy token')).click();
    await expect
      .poll(() => options.$eval(`::-p-xpath(${row('Clipboard team')}//*[@aria-live])`, (note) => note.textContent))
      .toBe('Copied; cleared in 2 sec.');
  };

  await copy();
  expect(await clipboard()).toBe(token);
  expect((await waiting()).join()).not.toContain(token);
  await expect.poll(clipboard, { timeout: 10_000 }).toBe('');

  // Something copied since stays.
  await copy();
  await reader.evaluate(() => navigator.clipboard.writeText('my own words'));
  await expect.poll(waiting, { timeout: 10_000 }).toEqual([]);
  expect(await clipboard()).toBe('my own words');

  // The page closed before the time: still cleared.
  await copy();
  await options.close();
  expect(await clipboard()).toBe(token);
  await expect.poll(clipboard, { timeout: 10_000 }).toBe('');
});
