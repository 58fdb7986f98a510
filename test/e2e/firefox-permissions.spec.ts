import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import {
  FIREFOX_PRODUCTION_BUILD_DIR,
  FIREFOX_WAIT_MS,
  launchFirefoxWithExtension,
  type FirefoxWithExtension,
} from './fixtures/firefox.ts';
import {
  button,
  dialogButton,
  dialogField,
  exists,
  expectMessage,
  field,
  fillConnection,
  messagesOf,
  paste,
  valueOf,
} from './fixtures/firefox-page.ts';
import { catchDownloads, chooseSetupFile, savedFiles, typeInto } from './fixtures/firefox-files.ts';
import { goToSection, openOptionsSection, reloadOnSection } from './fixtures/firefox-sections.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The real permission request flow, with the PRODUCTION build: it declares the loopback origins only in
 * optional_host_permissions, so nothing is granted until Save connection asks for it.
 *
 * `extensions.webextOptionalPermissionPrompts: false` makes Firefox's `permissions.request` grant what
 * is asked without showing its prompt (toolkit/components/extensions/parent/ext-permissions.js: with the
 * pref off it skips the "webextension-optional-permission-prompt" and calls ExtensionPermissions.add).
 * Everything else stays real: the request still has to come from a user input handler, still has to
 * name origins declared in optional_host_permissions, and `contains`/`getAll`/`remove` are the browser's.
 */
const PROMPTLESS = { 'extensions.webextOptionalPermissionPrompts': false };
const SANDBOX_PATTERN = 'http://127.0.0.1/*';
const SETUP_PASSPHRASE = 'correct horse battery staple';

let ff: FirefoxWithExtension;

test.beforeAll(async () => {
  const manifest = JSON.parse(
    await readFile(path.join(FIREFOX_PRODUCTION_BUILD_DIR, 'manifest.json'), 'utf8').catch(() => '{}'),
  ) as {
    host_permissions?: string[];
    optional_host_permissions?: string[];
  };
  if (!manifest.optional_host_permissions?.includes(SANDBOX_PATTERN) || manifest.host_permissions?.length) {
    throw new Error(
      `${FIREFOX_PRODUCTION_BUILD_DIR} is not a production build (optional_host_permissions only): run \`npm run build\`.`,
    );
  }
  ff = await launchFirefoxWithExtension(FIREFOX_PRODUCTION_BUILD_DIR, PROMPTLESS);
});

test.afterAll(async () => {
  await ff?.close();
});

async function hostAccess(extensionPage: Page): Promise<{ contains: boolean; origins: string[] }> {
  return extensionPage.evaluate(async () => ({
    contains: await browser.permissions.contains({ origins: ['http://127.0.0.1/*'] }),
    origins: (await browser.permissions.getAll()).origins ?? [],
  }));
}

async function tabIdOf(
  extensionPage: Page,
  url: string,
): Promise<{ id: number | undefined; urls: (string | undefined)[] }> {
  // Firefox match patterns ignore ports: query every tab and filter by URL.
  const tabs = await extensionPage.evaluate(async () =>
    (await browser.tabs.query({})).map((tab) => ({ id: tab.id, url: tab.url })),
  );
  return { id: tabs.find((tab) => tab.url === url)?.id, urls: tabs.map((tab) => tab.url) };
}

async function openPopupFor(tabId: number): Promise<Page> {
  const popup = await ff.openExtensionPage(`popup.html?tabId=${tabId}`);
  await popup.locator(button('Create project')).waitHandle();
  return popup;
}

test('Firefox production build: Save connection asks for exactly the sandbox origin; revoked access is explained and granted again', async ({
  sandbox,
}) => {
  const options = await openOptionsSection(ff, 'connection');
  expect(await hostAccess(options), 'nothing granted before saving').toEqual({ contains: false, origins: [] });
  // The pref removes the prompt, not the rule that a request must come from a user action.
  const outsideClick = await options.evaluate(() =>
    browser.permissions.request({ origins: ['http://127.0.0.1/*'] }).then(String, (error: Error) => error.message),
  );
  expect(outsideClick).toBe('permissions.request may only be called from a user input handler');

  const title = 'Firefox production target 7e1c';
  const web = await ff.firefox.newPage();
  web.setDefaultTimeout(FIREFOX_WAIT_MS);
  await web.goto(sandbox.pageUrl('firefox-production', title));
  const webUrl = await web.evaluate(() => location.href);
  expect((await tabIdOf(options, webUrl)).id, 'without host access the tab URL is hidden').toBeUndefined();

  await test.step('save: the permission request grants exactly http://127.0.0.1/*', async () => {
    await options.bringToFront(); // locators wait for animation frames, which a background tab does not get
    await fillConnection(options, sandbox);
    await expectMessage(options, 'status', 'Connection saved.');
    expect(await messagesOf(options)).toEqual(['status: Connection saved.']);
    expect(await hostAccess(options)).toEqual({ contains: true, origins: [SANDBOX_PATTERN] });
  });

  const { id: tabId, urls } = await tabIdOf(options, webUrl);
  expect(tabId, `a tab showing ${webUrl} in ${JSON.stringify(urls)}`).toBeDefined();

  await test.step('create a project for the tab from popup.html?tabId', async () => {
    const popup = await openPopupFor(tabId!);
    await expect.poll(() => valueOf(popup, 'Project URL')).toBe(webUrl);
    expect(await valueOf(popup, 'Project name')).toBe(title);
    await popup.locator(button('Create project')).click();
    await expect.poll(() => valueOf(popup, 'Project ID'), { timeout: 10_000 }).toMatch(/.+/);
    expect(sandbox.projects().map((project) => project.projectId)).toEqual([await valueOf(popup, 'Project ID')]);
    await popup.close();
  });

  await test.step('revoke: the options page says so, with Grant access', async () => {
    expect(await options.evaluate(() => browser.permissions.remove({ origins: ['http://127.0.0.1/*'] }))).toBe(true);
    expect(await hostAccess(options)).toEqual({ contains: false, origins: [] });
    await options.bringToFront();
    await reloadOnSection(ff, options, 'connection');
    await expectMessage(
      options,
      'alert',
      'Access not granted: Review Companion cannot call http://127.0.0.1 until you allow it.',
    );
    expect(await exists(options, button('Grant access'))).toBe(true);

    // A user-group call is explained the same way, and sends nothing.
    const requestsBefore = sandbox.requests.length;
    await goToSection(options, 'groups');
    await paste(options, field('Name'), 'No access');
    await paste(options, field('User group ID'), 'no-access');
    await options.locator(button('Create user group')).click();
    await expectMessage(
      options,
      'alert',
      'Review Companion has no access to http://127.0.0.1. Open the settings and click Grant access.',
    );
    expect(sandbox.requests.length, 'no request reached the sandbox').toBe(requestsBefore);
  });

  await test.step('the popup explains the missing access instead of failing as a network error', async () => {
    const requestsBefore = sandbox.requests.length;
    const popup = await openPopupFor(tabId!);
    // Without host access Firefox hides the tab's URL and title: the reviewer types them.
    expect(await valueOf(popup, 'Project URL')).toBe('');
    expect(await valueOf(popup, 'Project name')).toBe('');
    const typedUrl = sandbox.pageUrl('firefox-production-typed');
    await paste(popup, field('Project URL'), typedUrl);
    await paste(popup, field('Project name'), 'Typed while access is revoked');
    await popup.locator(button('Create project')).click();
    await expectMessage(
      popup,
      'alert',
      'Review Companion has no access to http://127.0.0.1. Open the settings and click Grant access.',
    );
    expect(await exists(popup, button('Open settings'))).toBe(true);
    expect(sandbox.requests.length, 'no request reached the sandbox').toBe(requestsBefore);
    expect(sandbox.projects()).toHaveLength(1);
    await popup.close();
  });

  await test.step('Grant access in the options page restores access', async () => {
    await options.bringToFront();
    await goToSection(options, 'connection');
    await options.locator(button('Grant access')).click();
    await expect.poll(() => hostAccess(options)).toEqual({ contains: true, origins: [SANDBOX_PATTERN] });
    await expect.poll(() => exists(options, button('Grant access'))).toBe(false);
    // (The failed create's alert stays: it reports that earlier attempt.)
    expect((await messagesOf(options)).filter((message) => message.includes('Access not granted'))).toEqual([]);

    // And the popup works again, with the tab's URL readable.
    const popup = await openPopupFor(tabId!);
    await expect.poll(() => valueOf(popup, 'Project URL')).toBe(webUrl);
    await paste(popup, field('Project URL'), sandbox.pageUrl('firefox-production-regranted'));
    await popup.locator(button('Create project')).click();
    await expect.poll(() => valueOf(popup, 'Project ID'), { timeout: 10_000 }).toMatch(/.+/);
    expect(sandbox.projects()).toHaveLength(2);
  });
});

test('Firefox production build: a setup file import asks for host access only after the passphrase authenticated the file, and only when asked', async ({
  sandbox,
}) => {
  const options = await openOptionsSection(ff, 'connection');
  await options.bringToFront();
  await fillConnection(options, sandbox);
  await expectMessage(options, 'status', 'Connection saved.');
  await goToSection(options, 'backup');
  await catchDownloads(options);
  await options.locator(button('Export setup file')).click();
  await typeInto(options, dialogField('Passphrase'), SETUP_PASSPHRASE);
  await typeInto(options, dialogField('Confirm passphrase'), SETUP_PASSPHRASE);
  await options.locator(dialogButton('Export setup file')).click();
  await expect.poll(async () => (await savedFiles(options)).length, { timeout: 10_000 }).toBe(1);
  const [file] = await savedFiles(options);
  // Access given back, as on a reviewer's fresh browser.
  expect(await options.evaluate(() => browser.permissions.remove({ origins: ['http://127.0.0.1/*'] }))).toBe(true);
  expect(await hostAccess(options)).toEqual({ contains: false, origins: [] });

  await chooseSetupFile(options, file!.text);
  await typeInto(options, field('Passphrase'), 'not the passphrase at all');
  await options.locator(button('Import setup')).click();
  await expectMessage(options, 'alert', 'Wrong passphrase or damaged file. Nothing was imported.', 10_000);
  expect(await hostAccess(options), 'nothing asked for an address nobody authenticated').toEqual({
    contains: false,
    origins: [],
  });

  await typeInto(options, field('Passphrase'), SETUP_PASSPHRASE);
  await options.locator(button('Import setup')).click();
  // Same name: the dialog shows the addresses now and in the file before anything changes.
  await expect
    .poll(() => options.evaluate(() => document.querySelector('dialog[open]')?.textContent ?? ''), { timeout: 10_000 })
    .toContain('From the file');
  await options.locator(dialogButton('Replace workspace')).click();
  await expectMessage(options, 'status', 'now uses the imported connection and secrets.', 10_000);
  expect(await hostAccess(options), 'still nothing granted: asked only in a click of its own').toEqual({
    contains: false,
    origins: [],
  });
  await options.locator(button('Grant access')).click();
  await expect.poll(() => hostAccess(options)).toEqual({ contains: true, origins: [SANDBOX_PATTERN] });
  await expectMessage(options, 'status', 'Access allowed: the imported workspace is ready.');
});
