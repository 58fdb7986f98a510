// Setup files between two separate browser profiles (design.md §8): an admin exports one, a reviewer
// imports it in another browser and registers a page with no typing. A wrong passphrase and a changed
// address each give an alert and write nothing.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { DEMO_CREDENTIALS } from '../sandbox/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './fixtures/chromium.ts';
import { connectionFor, fillAndSaveConnection, optionsUrl } from './fixtures/connection.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { goToSection } from './fixtures/options-page.ts';
import { userDataOf } from './fixtures/extension-storage.ts';
import { expect, test } from './fixtures/test.ts';

declare const chrome: typeof ExtensionApi;

const PASSPHRASE = 'correct horse battery staple';
let admin: ExtensionBrowser;
let reviewer: ExtensionBrowser;

test.beforeAll(async () => {
  admin = await launchExtensionBrowser();
  reviewer = await launchExtensionBrowser();
});

test.afterAll(async () => {
  await admin?.close();
  await reviewer?.close();
});

/** Everything in the extension's storage.local, read in its worker. */
async function storedEverything(extension: ExtensionBrowser): Promise<Record<string, unknown>> {
  const worker = await extension.serviceWorker();
  return worker.evaluate(() => chrome.storage.local.get(null));
}

/** What the user keeps of the extension's storage (fixtures/extension-storage.ts). */
async function storedUserData(extension: ExtensionBrowser): Promise<Record<string, unknown>> {
  return userDataOf(await storedEverything(extension));
}

const importForm = (options: Page) => options.getByRole('form', { name: 'Import setup' });

async function chooseFile(options: Page, text: string) {
  await options
    .getByLabel('Setup file', { exact: true })
    .setInputFiles({ name: 'acme-reviews.review-setup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
}

async function importWith(options: Page, passphrase: string) {
  await options.getByLabel('Passphrase', { exact: true }).fill(passphrase);
  await options.getByRole('button', { name: 'Import setup' }).click();
}

test('export in one profile, import in another: the popup there creates a project with no typing', async ({
  sandbox,
}) => {
  const options = await admin.context.newPage();
  await options.goto(optionsUrl(admin.extensionId, 'connection'));
  await fillAndSaveConnection(options, connectionFor(sandbox));
  // The project link travels with the file (issue 41, finding 5).
  const projectLink = `${sandbox.origin}/app/projects/{projectId}`;
  await options.getByLabel('Project link', { exact: true }).fill(projectLink);
  await options.getByRole('button', { name: 'Save connection' }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Connection saved.' })).toBeVisible();
  await options.getByLabel('Workspace name', { exact: true }).fill('Acme reviews');
  await options.getByLabel('Workspace name', { exact: true }).press('Tab');
  await expect(options.getByLabel('Workspace', { exact: true }).locator('option:checked')).toHaveText('Acme reviews');

  await goToSection(options, 'backup');
  await options.getByRole('button', { name: 'Export setup file' }).click();
  const dialog = options.getByRole('dialog');
  await expect(dialog.getByRole('checkbox', { name: 'Include the user group API' })).not.toBeChecked();
  await dialog.getByLabel('Passphrase', { exact: true }).fill('too short');
  await dialog.getByRole('button', { name: 'Export setup file' }).click();
  await expect(dialog.getByText('Use a passphrase of at least 12 characters.')).toBeVisible();
  await dialog.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await dialog.getByLabel('Confirm passphrase', { exact: true }).fill(`${PASSPHRASE}!`);
  await dialog.getByRole('button', { name: 'Export setup file' }).click();
  await expect(dialog.getByText('The two passphrases are not the same.')).toBeVisible();
  await dialog.getByLabel('Confirm passphrase', { exact: true }).fill(PASSPHRASE);
  const [download] = await Promise.all([
    options.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export setup file' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('acme-reviews.review-setup.json');
  await expect(options.getByRole('status').filter({ hasText: 'acme-reviews.review-setup.json' })).toBeVisible();
  await expect(options.getByRole('button', { name: 'Export setup file' })).toBeFocused();
  const text = await readFile(await download.path(), 'utf8');
  for (const secret of [...secretsOf(sandbox), ...Object.values(DEMO_CREDENTIALS)]) expect(text).not.toContain(secret);
  expect(JSON.parse(text)).toMatchObject({
    format: 'review-companion.setup',
    version: 2,
    workspace: { name: 'Acme reviews', projectApiUrl: sandbox.projectApiUrl, projectLink },
  });
  expect(JSON.parse(text)).not.toHaveProperty('workspace.userGroupBaseUrl');

  // The reviewer's browser, on the start page its install opened: a wrong passphrase and a changed address write nothing.
  const importer = await reviewer.context.newPage();
  await importer.goto(reviewer.startPageUrl!);
  await importer.getByRole('radio', { name: /^Register pages for review/ }).check();
  await chooseFile(importer, text);
  const preview = importer.getByLabel('Setup file contents');
  await expect(preview).toContainText('Acme reviews');
  await expect(preview).toContainText(sandbox.projectApiUrl);
  await expect(preview).toContainText(projectLink);
  const before = await storedUserData(reviewer);
  await importWith(importer, 'not the passphrase');
  await expect(importForm(importer).getByRole('alert')).toHaveText(
    'Wrong passphrase or damaged file. Nothing was imported.',
  );
  expect(await storedUserData(reviewer)).toEqual(before);

  const tampered = text.replace(sandbox.projectApiUrl, sandbox.projectApiUrl.replace('/projects', '/elsewhere'));
  expect(tampered).not.toBe(text);
  await chooseFile(importer, tampered);
  await importWith(importer, PASSPHRASE);
  await expect(importForm(importer).getByRole('alert')).toHaveText(
    'Wrong passphrase or damaged file. Nothing was imported.',
  );
  expect(await storedUserData(reviewer)).toEqual(before);

  await chooseFile(importer, '{"groups": []}');
  await expect(importForm(importer).getByRole('alert')).toContainText('This is not a setup file');

  await chooseFile(importer, text);
  await importWith(importer, PASSPHRASE);
  // Said beside the workspace switcher, which now shows the imported workspace.
  await expect(importer.getByRole('status').filter({ hasText: 'imported' })).toHaveText(
    'Workspace “Acme reviews” imported. It is now the one the popup uses.',
  );
  await expect(importer.getByLabel('Workspace', { exact: true }).locator('option:checked')).toHaveText('Acme reviews');
  await expect(importer.getByRole('listitem').filter({ hasText: 'Register pages:' })).toContainText('ready');
  await goToSection(importer, 'connection');
  await expect(importer.getByLabel('Project API URL', { exact: true })).toHaveValue(sandbox.projectApiUrl);

  const site = await reviewer.context.newPage();
  await site.goto(sandbox.pageUrl('imported', 'Imported page'));
  const popup = await openPopupForTab(reviewer, site);
  // The only workspace (the install's empty one gave its place to the import): the popup offers no picker.
  await expect(popup.getByLabel('Workspace', { exact: true })).toHaveCount(0);
  await popup.getByRole('button', { name: 'Create project' }).click();
  const id = await popup.getByLabel('Project ID', { exact: true }).inputValue();
  expect(sandbox.projects().map((project) => project.projectId)).toContain(id);
  // Set up from the file, the reviewer sees Open project.
  await expect(popup.getByRole('link', { name: 'Open project' })).toHaveAttribute(
    'href',
    `${sandbox.origin}/app/projects/${encodeURIComponent(id)}`,
  );

  // The same file again (from the backup section): a dialog offers to replace the workspace's connection, keeping its data.
  await goToSection(importer, 'backup');
  await chooseFile(importer, text);
  await importWith(importer, PASSPHRASE);
  const replace = importer.getByRole('dialog');
  await expect(replace).toContainText('its user groups, project history and bulk job stay');
  await replace.getByRole('button', { name: 'Replace workspace' }).click();
  await expect(importer.getByRole('status').filter({ hasText: 'now uses' })).toHaveText(
    'Workspace “Acme reviews” now uses the imported connection and secrets.',
  );
  // Replaced, not added: still the one workspace (the install's empty one gave its place to the first import).
  await expect(importer.getByLabel('Workspace', { exact: true }).locator('option')).toHaveCount(1);
  await goToSection(importer, 'connection');
  await expect(importer.getByLabel('Project API URL', { exact: true })).toHaveValue(sandbox.projectApiUrl);
});
