// Firefox: issue 37's flows with its event page running (no test can stop it there): Enter pressed at
// once creates the project, a page registered before is never sent again unflagged, and the lock,
// forgotten credentials and a deleted workspace show in the next popup, whose first screen is the stored
// view. Chromium, with the worker stopped and a record of what the popup asks: popup-stored-view.spec.ts
// (a script run before a moz-extension page's own cannot be added over WebDriver BiDi here).
import type { Page } from 'puppeteer-core';
import { FIREFOX_WAIT_MS, launchFirefoxWithExtension, type FirefoxWithExtension } from './fixtures/firefox.ts';
import {
  button,
  dialogButton,
  expectMessage,
  field,
  fillConnection,
  pageText,
  paste,
} from './fixtures/firefox-page.ts';
import { openOptionsSection, reloadOnSection, waitForSection } from './fixtures/firefox-sections.ts';
import { expect, test } from './fixtures/test.ts';
import { unique } from './fixtures/unique.ts';

const PASSPHRASE = 'firefox stored view passphrase';
let ff: FirefoxWithExtension;
let options: Page;

test.beforeAll(async () => {
  ff = await launchFirefoxWithExtension();
});

test.afterAll(async () => {
  await ff?.close();
});

/** A web page in a tab of its own, and its tab id (Firefox match patterns ignore ports: all tabs, filtered). */
async function webPage(url: string): Promise<number> {
  const web = await ff.firefox.newPage();
  web.setDefaultTimeout(FIREFOX_WAIT_MS);
  await web.goto(url);
  const address = await web.evaluate(() => location.href);
  const tabs = await options.evaluate(async () =>
    (await browser.tabs.query({})).map((tab) => ({ id: tab.id, url: tab.url })),
  );
  return tabs.find((tab) => tab.url === address)!.id!;
}

/** popup.html for the tab. */
const openPopup = (tabId: number) => ff.openExtensionPage(`popup.html?tabId=${tabId}`);

/** The stored view (what the popup's first screen is made of), read from an extension page. */
const storedView = (page: Page) =>
  page.evaluate(
    async () =>
      (await browser.storage.local.get('popupView')).popupView as
        { workspaceId: string; workspaces: unknown[]; lockOn: boolean; missing?: string[] } | undefined,
  );

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    return focused?.getAttribute('aria-label') ?? focused?.textContent ?? '';
  });

async function register(url: string, name: string): Promise<string> {
  const popup = await openPopup(await webPage(url));
  await paste(popup, field('Project name'), name);
  await popup.locator(button('Create project')).click();
  await popup.locator('#project-id').waitHandle();
  const id = await popup.$eval('#project-id', (input) => (input as HTMLInputElement).value);
  await popup.close();
  return id;
}

test('Firefox: the first screen is the stored view; Enter at once creates, and a page registered before is not sent again unflagged', async ({
  sandbox,
}) => {
  test.setTimeout(90_000);
  options = await openOptionsSection(ff, 'connection');
  await fillConnection(options, sandbox);
  await expectMessage(options, 'status', 'Connection saved.');

  const url = sandbox.pageUrl(unique('ff-cold'), 'Firefox stored view');
  const popup = await openPopup(await webPage(url));
  await popup.locator(button('Create project')).waitHandle();
  await expect.poll(() => focusedName(popup)).toBe('Create project');
  expect(await storedView(popup)).toMatchObject({ lockOn: false, missing: [] });
  await popup.keyboard.press('Enter');
  await expect.poll(() => sandbox.projects().length, { timeout: 10_000 }).toBe(1);
  const firstId = sandbox.projects()[0]!.projectId;
  await popup.close();

  // Five newer pages: the stored view lists only those; then the first page again, Enter at once.
  for (const index of [1, 2, 3, 4, 5]) await register(sandbox.pageUrl(unique(`ff-newer-${index}`), 'Newer'), 'Newer');
  const again = await openPopup(await webPage(url));
  await again.locator('button[type=submit]').waitHandle();
  await again.keyboard.press('Enter');
  await expect.poll(() => pageText(again)).toContain(firstId);
  await expect.poll(() => pageText(again)).toMatch(/Register again|You chose to register this page again/);
  expect(sandbox.projects().filter((project) => project.projectUrl === url)).toHaveLength(1);
  // And the background itself refuses the page, whatever a page shows.
  const answer: unknown = await options.evaluate(async (projectUrl) => {
    const { lastUsedWorkspace } = await browser.storage.local.get('lastUsedWorkspace');
    const sent: unknown = await browser.runtime.sendMessage({
      type: 'createProject',
      data: { workspaceId: lastUsedWorkspace, projectUrl, projectName: 'Again' },
    });
    return sent;
  }, url);
  expect(answer).toMatchObject({ ok: false, error: { code: 'REGISTERED_BEFORE', relatedId: firstId } });
  expect(sandbox.projects().filter((project) => project.projectUrl === url)).toHaveLength(1);
});

test('Firefox: the lock, forgotten credentials and a deleted workspace show in the next popup', async ({ sandbox }) => {
  test.setTimeout(120_000);
  options = await openOptionsSection(ff, 'connection');
  await fillConnection(options, sandbox);
  await expectMessage(options, 'status', 'Connection saved.');
  const tabId = await webPage(sandbox.pageUrl(unique('ff-changes'), 'A page'));

  // A tab behind another gets no animation frames here, which puppeteer's clicks wait for.
  await options.bringToFront();
  await options.locator('::-p-aria([name="Protect credentials with a passphrase"][role="checkbox"])').click();
  await paste(options, field('Passphrase'), PASSPHRASE);
  await paste(options, field('Confirm passphrase'), PASSPHRASE);
  await options.locator(button('Turn on protection')).click();
  await expectMessage(options, 'status', 'Protection is on', 10_000);
  await options.locator(button('Lock now')).click();
  await expectMessage(options, 'status', 'Locked.');
  let popup = await openPopup(tabId);
  await popup.locator(button('Unlock')).waitHandle();
  expect(await popup.$(button('Create project'))).toBeNull();
  expect(await storedView(popup)).toMatchObject({ lockOn: true, sealed: true });
  await paste(popup, field('Passphrase'), PASSPHRASE);
  await popup.locator(button('Unlock')).click();
  await popup.locator(button('Create project')).waitHandle();
  await popup.close();
  // The lock off again (as its own message: what is under test here is the popup).
  const off: unknown = await options.evaluate(async (passphrase) => {
    const answer: unknown = await browser.runtime.sendMessage({ type: 'turnOffLock', data: { passphrase } });
    return answer;
  }, PASSPHRASE);
  expect(off).toMatchObject({ ok: true });
  await options.bringToFront();
  await reloadOnSection(ff, options, 'connection');

  await options.locator(button('Forget credentials')).click();
  await options.locator(dialogButton('Forget credentials')).click();
  await expectMessage(options, 'status', 'Credentials removed from this browser.');
  popup = await openPopup(tabId);
  await popup.locator(button('Open settings')).waitHandle();
  expect(await pageText(popup)).toContain('The API key is not saved.');
  expect(await storedView(popup)).toMatchObject({ missing: ['apiKey', 'authToken'] });
  await popup.close();
  await options.bringToFront();
  await fillConnection(options, sandbox);
  await expectMessage(options, 'status', 'Connection saved.');

  await options.locator(button('Add workspace')).click();
  await waitForSection(options, 'connection');
  await fillConnection(options, sandbox);
  await expectMessage(options, 'status', 'Connection saved.');
  popup = await openPopup(tabId);
  await popup.locator(button('Create project')).waitHandle();
  expect(await popup.$$eval('#workspace option', (choices) => choices.length)).toBe(2);
  expect((await storedView(popup))?.workspaces).toHaveLength(2);
  await popup.close();
  await options.bringToFront();
  await options.locator(button('Delete workspace')).click();
  await options.locator(dialogButton('Delete workspace')).click();
  await expectMessage(options, 'status', 'The workspace “Workspace 2” was deleted.');
  popup = await openPopup(tabId);
  await popup.locator(button('Create project')).waitHandle();
  expect(await popup.$('#workspace')).toBeNull();
  expect((await storedView(popup))?.workspaces).toHaveLength(1);
});
