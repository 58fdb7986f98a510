// Firefox: two workspaces against two services (two sandboxes on different ports). Each group and
// project lands on the service of its workspace; switching shows only that workspace's groups and
// history; the popup offers the choice and remembers it.
import type { Page } from 'puppeteer-core';
import { FIREFOX_WAIT_MS, launchFirefoxWithExtension, type FirefoxWithExtension } from './fixtures/firefox.ts';
import {
  button,
  dialogButton,
  exists,
  expectMessage,
  field,
  fillConnection,
  paste,
  row,
  selectField,
  valueOf,
} from './fixtures/firefox-page.ts';
import { goToSection, openOptionsSection, reloadOnSection, waitForSection } from './fixtures/firefox-sections.ts';
import { startE2eSandbox, type Sandbox } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';

let ff: FirefoxWithExtension;
let second: Sandbox;

test.beforeAll(async () => {
  ff = await launchFirefoxWithExtension();
  second = await startE2eSandbox();
});

test.afterAll(async () => {
  await ff?.close();
  await second?.close();
});

/** The names in the Workspace select, and the chosen one. */
async function workspaces(page: Page): Promise<{ names: string[]; chosen: string }> {
  return (await page.locator(selectField('Workspace')).waitHandle()).evaluate((select) => {
    const element = select as HTMLSelectElement;
    return { names: [...element.options].map((option) => option.text), chosen: element.selectedOptions[0]?.text ?? '' };
  });
}

/** Chooses a workspace by its name in the Workspace select. */
async function choose(page: Page, name: string): Promise<void> {
  const select = await page.locator(selectField('Workspace')).waitHandle();
  const value = await select.evaluate(
    (element, wanted) =>
      [...(element as HTMLSelectElement).options].find((option) => option.text === wanted)?.value ?? '',
    name,
  );
  await select.select(value);
  await expect.poll(async () => (await workspaces(page)).chosen).toBe(name);
}

/** Renames the shown workspace (the name is saved when Enter is pressed) and waits for the select to show it. */
async function rename(page: Page, name: string): Promise<void> {
  await paste(page, field('Workspace name'), name);
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await workspaces(page)).chosen).toBe(name);
}

async function createGroup(options: Page, name: string, id: string): Promise<void> {
  await paste(options, field('Name'), name);
  await paste(options, field('User group ID'), id);
  await options.locator(button('Create user group')).click();
  await expectMessage(options, 'status', `Created “${name}” (Customer, ID ${id})`);
}

/** Registers a page of `service` from popup.html?tabId for its tab, in the workspace chosen there (if given). */
async function register(
  options: Page,
  service: Sandbox,
  path: string,
  workspace?: string,
): Promise<{ popup: Page; id: string }> {
  const web = await ff.firefox.newPage();
  web.setDefaultTimeout(FIREFOX_WAIT_MS);
  await web.goto(service.pageUrl(path, `Page ${path}`));
  const url = await web.evaluate(() => location.href);
  // Firefox match patterns ignore ports: query every tab and filter by URL.
  const tabs = await options.evaluate(async () =>
    (await browser.tabs.query({})).map((tab) => ({ id: tab.id, url: tab.url })),
  );
  const popup = await ff.openExtensionPage(`popup.html?tabId=${tabs.find((tab) => tab.url === url)?.id}`);
  await popup.locator(button('Create project')).waitHandle();
  if (workspace) await choose(popup, workspace);
  await expect.poll(() => valueOf(popup, 'Project URL')).toBe(url);
  await popup.locator(button('Create project')).click();
  await expect.poll(() => valueOf(popup, 'Project ID'), { timeout: 10_000 }).toMatch(/.+/);
  return { popup, id: await valueOf(popup, 'Project ID') };
}

const groupShown = (options: Page, name: string) => exists(options, `::-p-xpath(${row(name)})`);
const historyText = (options: Page) => options.$eval('#project-history', (section) => section.textContent ?? '');

test('Firefox: two workspaces against two services, each group and project on its own, switching shows only its own', async ({
  sandbox,
}) => {
  const options = await openOptionsSection(ff, 'connection');
  await rename(options, 'Acme');
  await fillConnection(options, sandbox);
  await expectMessage(options, 'status', 'Connection saved.');
  await goToSection(options, 'groups');
  await createGroup(options, 'Acme group', 'acme-1');

  // Add workspace switches to the connection section, with the new workspace's name field focused.
  await options.locator(button('Add workspace')).click();
  await waitForSection(options, 'connection');
  await expect.poll(async () => (await workspaces(options)).names).toEqual(['Acme', 'Workspace 2']);
  await expect
    .poll(() => options.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value))
    .toBe('Workspace 2');
  await rename(options, 'Globex');
  await fillConnection(options, second);
  await expectMessage(options, 'status', 'Connection saved.');
  await goToSection(options, 'groups');
  await createGroup(options, 'Globex group', 'globex-1');

  expect(sandbox.groups().map((group) => group.provided_id)).toEqual(['acme-1']);
  expect(second.groups().map((group) => group.provided_id)).toEqual(['globex-1']);
  expect(await groupShown(options, 'Acme group')).toBe(false);
  await choose(options, 'Acme');
  await expect.poll(() => groupShown(options, 'Acme group')).toBe(true);
  expect(await groupShown(options, 'Globex group')).toBe(false);

  // The popup: Acme, the last used one, then Globex chosen there; each project on its own service.
  const inAcme = await register(options, sandbox, 'ff-acme');
  expect((await workspaces(inAcme.popup)).chosen).toBe('Acme');
  const inGlobex = await register(options, second, 'ff-globex', 'Globex');
  expect(sandbox.projects().map((project) => project.projectId)).toEqual([inAcme.id]);
  expect(second.projects().map((project) => project.projectId)).toEqual([inGlobex.id]);
  const remembered = await ff.openExtensionPage('popup.html');
  await expect.poll(async () => (await workspaces(remembered)).chosen).toBe('Globex');

  // History (its own section): each workspace's own.
  await reloadOnSection(ff, options, 'projects');
  await choose(options, 'Acme');
  await expect.poll(() => historyText(options)).toContain(inAcme.id);
  expect(await historyText(options)).not.toContain(inGlobex.id);
  await choose(options, 'Globex');
  await expect.poll(() => historyText(options)).toContain(inGlobex.id);
  expect(await historyText(options)).not.toContain(inAcme.id);

  // Globex deleted in its connection section: the header says so, and only Acme is left.
  await goToSection(options, 'connection');
  await options.locator(button('Delete workspace')).click();
  await options.locator(dialogButton('Delete workspace')).click();
  await expectMessage(options, 'status', 'The workspace “Globex” was deleted.');
  await expect.poll(async () => (await workspaces(options)).names).toEqual(['Acme']);
  // Its entries in the Activity log (its group, its project's address) went with it; Acme's stay.
  const log = await options.evaluate(async () =>
    JSON.stringify(
      Object.entries(await browser.storage.local.get(null)).filter(([key]) => key.startsWith('activityLog')),
    ),
  );
  expect(log).toContain('Acme group');
  expect(log).not.toContain('Globex group');
  expect(log).not.toContain('ff-globex');
});
