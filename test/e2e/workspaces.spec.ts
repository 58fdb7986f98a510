// Two workspaces against two services (two sandboxes on different ports): each group and project
// lands on the service of its workspace, switching shows only that workspace's groups and history,
// and the popup offers the choice, remembering the last one used. A browser of its own: the worker's
// shared one keeps a single workspace for the other specs.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { launchForThisFile } from './fixtures/own-profile.ts';
import { connectionFor, fillAndSaveConnection, optionsUrl } from './fixtures/connection.ts';
import { readStoredGroups } from './fixtures/extension-storage.ts';
import { createGroup, goToSection, rowOf } from './fixtures/options-page.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import { secretsOf, startE2eSandbox, type Sandbox } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';

let own: ExtensionBrowser;
let second: Sandbox;
launchForThisFile((launched) => (own = launched));

test.beforeAll(async () => {
  second = await startE2eSandbox();
});

test.afterAll(async () => {
  await second?.close();
});

const workspaceSelect = (page: Page) => page.getByLabel('Workspace', { exact: true });
const workspaceName = (page: Page) => page.getByLabel('Workspace name', { exact: true });

/** Renames the shown workspace the way a user does: type, then leave the field. */
async function rename(options: Page, name: string) {
  await workspaceName(options).fill(name);
  await workspaceName(options).press('Tab');
  await expect(workspaceSelect(options).locator('option:checked')).toHaveText(name);
}

/** Connects the shown workspace to a service, then reloads (its status message would stay next to the next one). */
async function connect(options: Page, service: Sandbox) {
  await fillAndSaveConnection(options, connectionFor(service));
  await options.reload();
}

/** The popup, opened for a tab that shows a page of `service`. */
async function popupFor(service: Sandbox, path: string): Promise<{ page: Page; popup: Page }> {
  const page = await own.context.newPage();
  await page.goto(service.pageUrl(path, `Page ${path}`));
  return { page, popup: await openPopupForTab(own, page) };
}

/** Registers a fresh page of `service` from the popup (opened for its tab) and returns the new id. */
async function registerFromPopup(
  service: Sandbox,
  path: string,
  workspace?: string,
): Promise<{ popup: Page; id: string }> {
  const { page, popup } = await popupFor(service, path);
  if (workspace) await workspaceSelect(popup).selectOption({ label: workspace });
  await expect(popup.getByLabel('Project URL', { exact: true })).toHaveValue(page.url());
  await popup.getByRole('button', { name: 'Create project' }).click();
  const id = await popup.getByLabel('Project ID', { exact: true }).inputValue();
  return { popup, id };
}

test.describe.configure({ mode: 'serial' });

test('two workspaces, two services: groups and projects land on the right one, and switching shows only its own', async ({
  sandbox,
}) => {
  const options = await own.context.newPage();
  await options.goto(optionsUrl(own.extensionId, 'connection'));
  // A fresh install has one workspace; its name is checked next to the field.
  await expect(workspaceSelect(options).locator('option')).toHaveText(['Workspace 1']);
  await workspaceName(options).fill('  ');
  await workspaceName(options).press('Enter');
  await expect(options.getByText('Enter a name for the workspace.')).toBeVisible();
  await expect(workspaceName(options)).toHaveAttribute('aria-invalid', 'true');
  await rename(options, 'Acme');
  await connect(options, sandbox);
  await goToSection(options, 'groups');
  await createGroup(options, 'Acme group', 'acme-1', 'Customer');

  // A second workspace: added, then named and connected in its connection section (a taken name is refused).
  await options.getByRole('button', { name: 'Add workspace' }).click();
  await expect(options.getByRole('heading', { level: 2, name: 'Connection' })).toBeVisible();
  await expect(workspaceSelect(options).locator('option:checked')).toHaveText('Workspace 2');
  await expect(workspaceName(options)).toBeFocused();
  await workspaceName(options).fill('ACME');
  await workspaceName(options).press('Enter');
  await expect(options.getByText('Another workspace has this name. Choose another one.')).toBeVisible();
  await rename(options, 'Globex');
  await connect(options, second);
  await goToSection(options, 'groups');
  await expect(options.getByRole('row').filter({ hasText: 'Acme group' })).toHaveCount(0);
  await createGroup(options, 'Globex group', 'globex-1', 'Testing');

  // Each group is on its own service, with that service's token.
  expect(sandbox.groups().map((group) => group.provided_id)).toEqual(['acme-1']);
  expect(second.groups().map((group) => group.provided_id)).toEqual(['globex-1']);
  expect(
    second.requests.every((request) => request.headers.authorization === `Token ${second.credentials.apiToken}`),
  ).toBe(true);

  // Switching shows only the shown workspace's groups.
  await workspaceSelect(options).selectOption({ label: 'Acme' });
  await expect(rowOf(options, 'Acme group')).toBeVisible();
  await expect(options.getByRole('row').filter({ hasText: 'Globex group' })).toHaveCount(0);
  await goToSection(options, 'connection');
  await expect(options.getByLabel('User group API base URL', { exact: true })).toHaveValue(sandbox.userGroupBaseUrl);
  await goToSection(options, 'groups');
  await workspaceSelect(options).selectOption({ label: 'Globex' });
  await expect(rowOf(options, 'Globex group')).toBeVisible();
  await expect(options.getByRole('row').filter({ hasText: 'Acme group' })).toHaveCount(0);
  await goToSection(options, 'connection');
  await expect(options.getByLabel('User group API base URL', { exact: true })).toHaveValue(second.userGroupBaseUrl);
  // A link (and a reload) opens the workspace it names.
  expect(new URL(options.url()).searchParams.get('ws')).toMatch(/^[a-z0-9-]+$/);
  await options.reload();
  await expect(workspaceSelect(options).locator('option:checked')).toHaveText('Globex');

  // The popup: a Workspace select (there are two), the last used one first: Acme, which the install made.
  const inAcme = await registerFromPopup(sandbox, 'acme-page');
  await expect(workspaceSelect(inAcme.popup).locator('option:checked')).toHaveText('Acme');
  expect(sandbox.projects().map((project) => project.projectId)).toEqual([inAcme.id]);
  // Choosing Globex creates the next project on the second service, and is remembered.
  const inGlobex = await registerFromPopup(second, 'globex-page', 'Globex');
  expect(second.projects().map((project) => project.projectId)).toEqual([inGlobex.id]);
  expect(sandbox.projects()).toHaveLength(1);
  const { popup: again } = await popupFor(second, 'another-page');
  await expect(workspaceSelect(again).locator('option:checked')).toHaveText('Globex');
  await expect(again.getByRole('region', { name: 'Recent projects' })).toContainText(inGlobex.id);
  await expect(again.getByRole('region', { name: 'Recent projects' })).not.toContainText(inAcme.id);

  // The history follows the workspace too.
  const history = options.getByRole('region', { name: 'Project history' });
  await options.reload();
  await goToSection(options, 'projects');
  await expect(history).toContainText(inGlobex.id);
  await expect(history).not.toContainText(inAcme.id);
  await workspaceSelect(options).selectOption({ label: 'Acme' });
  await expect(history).toContainText(inAcme.id);
  await expect(history).not.toContainText(inGlobex.id);

  // Nothing of either service's secrets anywhere on the pages.
  for (const secret of [...secretsOf(sandbox), ...secretsOf(second)]) {
    expect(await options.content()).not.toContain(secret);
    expect(await again.content()).not.toContain(secret);
  }
});

test('deleting a workspace says what is lost and offers an export first; the last one can only be cleared', async ({
  sandbox,
}) => {
  const options = await own.context.newPage();
  await options.goto(optionsUrl(own.extensionId, 'connection'));
  await workspaceSelect(options).selectOption({ label: 'Globex' });
  await options.getByRole('button', { name: 'Delete workspace' }).click();
  const dialog = options.getByRole('dialog');
  await expect(dialog).toContainText(
    'Its saved secrets (API token, API key, auth token) are removed from this browser.',
  );
  await expect(dialog).toContainText('1 user group token exists only in this browser');
  const [file] = await Promise.all([
    options.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^user-groups-SECRET-globex-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    workspace: { name: string };
    groups: { provided_id: string }[];
  };
  expect(exported.workspace).toEqual({ name: 'Globex' });
  expect(exported.groups.map((group) => group.provided_id)).toEqual(['globex-1']);
  await expect(dialog).toContainText('0 user group tokens exist only in this browser');
  await dialog.getByRole('button', { name: 'Delete workspace' }).click();
  await expect(options.getByRole('status')).toHaveText('The workspace “Globex” was deleted.');
  await expect(workspaceSelect(options).locator('option')).toHaveText(['Acme']);
  await goToSection(options, 'groups');
  await expect(rowOf(options, 'Acme group')).toBeVisible();
  await goToSection(options, 'connection');
  expect((await readStoredGroups(own)).map((group) => group.provided_id)).toEqual(['acme-1']);

  // One workspace left: the popup has no select, and the last workspace is cleared, not deleted.
  const { popup } = await popupFor(sandbox, 'one-workspace');
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeVisible();
  await expect(workspaceSelect(popup)).toHaveCount(0);
  await expect(options.getByRole('button', { name: 'Delete workspace' })).toHaveCount(0);
  await options.getByRole('button', { name: 'Clear workspace' }).click();
  await expect(options.getByRole('dialog')).toContainText('The workspace itself stays, empty');
  await options.getByRole('dialog').getByRole('button', { name: 'Clear workspace' }).click();
  await expect(options.getByRole('status')).toHaveText('The workspace “Acme” was cleared.');
  await expect(options.getByLabel('Project API URL', { exact: true })).toHaveValue('');
  expect(await readStoredGroups(own)).toEqual([]);
});

test('a reviewer-only workspace (project API only) is complete: the popup works, the user-group area says how to set it up', async ({
  sandbox,
}) => {
  const options = await own.context.newPage();
  await options.goto(optionsUrl(own.extensionId, 'connection'));
  await options.getByLabel('Project API URL', { exact: true }).fill(sandbox.projectApiUrl);
  await options.getByLabel('API key', { exact: true }).fill(sandbox.credentials.apiKey);
  await options.getByLabel('Auth token', { exact: true }).fill(sandbox.credentials.authToken);
  await options.getByRole('button', { name: 'Save connection' }).click();
  await expect(options.getByRole('status')).toHaveText('Connection saved.');

  await goToSection(options, 'groups');
  const groups = options.getByRole('region', { name: 'User groups' });
  await expect(groups).toContainText('This workspace has no user group API set up');
  await expect(options.getByRole('button', { name: 'Create user group' })).toHaveCount(0);
  await expect(options.getByLabel('Search user groups')).toHaveCount(0);
  await expect(options.getByRole('button', { name: 'Export JSON' })).toHaveCount(0);
  await groups.getByRole('link', { name: 'Set up the user group API' }).click();
  await expect(options.getByLabel('User group API base URL', { exact: true })).toBeFocused();
  await expect(options.getByText('Project API: last call succeeded', { exact: false })).toHaveCount(0);
  await expect(options.getByText('Project API: not used yet.')).toBeVisible();

  const { id } = await registerFromPopup(sandbox, 'reviewer-page');
  expect(sandbox.projects().map((project) => project.projectId)).toContain(id);
  await expect(options.getByText(/^Project API: last call succeeded /)).toBeVisible();
});
