import type { Browser as ExtensionApi } from 'wxt/browser';
import {
  addWorkspace,
  configureConnection,
  connectionFor,
  fillAndSaveConnection,
  forgetCredentials,
  optionsUrl,
} from './fixtures/connection.ts';
import { activeWorkspaceId } from './fixtures/extension-storage.ts';
import { goToSection } from './fixtures/options-page.ts';
import { expectFirstScreenFromStorage, popupOnStoppedWorker, webPage } from './fixtures/cold-popup.ts';
import { registerThroughPopup } from './fixtures/popup.ts';
import { switchLock } from './fixtures/own-profile.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { stopServiceWorker } from './fixtures/service-worker.ts';
import { expect, test } from './fixtures/test.ts';
import { unique } from './fixtures/unique.ts';

// Issue 37 (design.md §15): the popup's first screen comes from storage, so a stopped worker (the browser
// stops an idle one after 30 s: most openings) holds nothing up, and a press at once finds the worker
// woken by then. Every popup here opens with the worker stopped first, and asks the background nothing
// before its first screen is drawn.

/** The extension API as its pages and worker see it (types the functions passed to evaluate). */
declare const chrome: typeof ExtensionApi;

const PASSPHRASE = 'stored view passphrase';

test.afterAll(async ({ extensionBrowser, sandbox }) => {
  expect(await extensionBrowser.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
});

test('the worker stopped: the popup opens from storage, and Enter pressed at once creates the project', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const url = sandbox.pageUrl(unique('cold'), 'A page opened on a stopped worker');
  const { tab, tabId } = await webPage(extension, url);
  const popup = await popupOnStoppedWorker(extension, tab, tabId);
  const create = popup.getByRole('button', { name: 'Create project' });
  await expect(create).toBeFocused();
  await popup.keyboard.press('Enter');
  await expect(popup.getByLabel('Project ID', { exact: true })).toHaveValue(sandbox.projects()[0]?.projectId ?? /.+/);
  expect(sandbox.projects().map((project) => project.projectUrl)).toEqual([url]);
  await expectFirstScreenFromStorage(popup);
});

test('the worker stopped, a page registered before (older than the recent projects): Enter at once creates nothing unflagged', async ({
  extension,
  sandbox,
}) => {
  test.setTimeout(60_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const prefix = unique('known');
  const url = sandbox.pageUrl(`${prefix}-first`, 'Registered long ago');
  const firstId = await registerThroughPopup(extension, url, 'Registered long ago');
  // Five newer ones: the stored view lists only those, so the warning needs the whole history or the background.
  for (const index of [1, 2, 3, 4, 5])
    await registerThroughPopup(extension, sandbox.pageUrl(`${prefix}-${index}`, `Newer ${index}`), `Newer ${index}`);
  const { tab, tabId } = await webPage(extension, url);
  const popup = await popupOnStoppedWorker(extension, tab, tabId);
  await popup.locator('button[type=submit]').waitFor();
  await popup.keyboard.press('Enter');
  // Whichever came first, the whole history read by the popup (the warning is up before the press, which
  // lands on Register again) or the background's answer (the warning comes with it), the warning names
  // the earlier project, and the page is not sent again until Create project is pressed once more.
  const warning = popup.getByRole('region', { name: 'Already registered' });
  await expect(warning).toContainText(firstId);
  const again = warning.getByRole('button', { name: 'Register again' });
  const confirmed = warning.getByText('You chose to register this page again: press Create project.');
  await expect(again.or(confirmed)).toBeVisible();
  if (await again.isVisible()) {
    await expect(again).toBeFocused();
    await again.press('Enter');
  }
  await expect(confirmed).toBeVisible();
  expect(sandbox.projects().filter((project) => project.projectUrl === url)).toHaveLength(1);
  await expectFirstScreenFromStorage(popup);

  // Confirmed, it is registered again: a second project, asked for.
  await popup.getByRole('button', { name: 'Create project' }).press('Enter');
  await expect(popup.getByLabel('Project ID', { exact: true })).toBeVisible();
  expect(sandbox.projects().filter((project) => project.projectUrl === url)).toHaveLength(2);
});

test('the worker stopped, whatever a page shows: the background itself refuses a page registered before', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const url = sandbox.pageUrl(unique('guard'), 'Registered once');
  const firstId = await registerThroughPopup(extension, url, 'Registered once');
  const workspaceId = await activeWorkspaceId(extension);
  const page = await extension.context.newPage();
  await page.goto(optionsUrl(extension.extensionId, 'about'));
  await stopServiceWorker(extension, page);
  // What a popup that knew nothing of the page would send (its first screen lists only recent projects).
  const answer: unknown = await page.evaluate(
    (request) => chrome.runtime.sendMessage({ type: 'createProject', data: request }),
    { workspaceId, projectUrl: url, projectName: 'Registered once' },
  );
  expect(answer).toMatchObject({ ok: false, error: { code: 'REGISTERED_BEFORE', relatedId: firstId } });
  expect(sandbox.projects().filter((project) => project.projectUrl === url)).toHaveLength(1);
});

test('changes made in the options page show in the next popup, the worker stopped: the lock, forgotten credentials, a deleted workspace', async ({
  extension,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const { tab, tabId } = await webPage(extension, sandbox.pageUrl(unique('changes'), 'A page'));

  // The lock turned on: the popup still offers the form (the lock is open); locked: Passphrase and Unlock.
  await switchLock(extension, true, PASSPHRASE);
  const options = await extension.context.newPage();
  await options.goto(optionsUrl(extension.extensionId, 'connection'));
  // Its lock's state read before the worker is stopped under it (a request cut off is not asked again).
  await expect(options.getByRole('button', { name: 'Lock now' })).toBeVisible();
  let popup = await popupOnStoppedWorker(extension, tab, tabId);
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeFocused();
  await expectFirstScreenFromStorage(popup);
  await popup.close();
  await options.getByRole('button', { name: 'Lock now' }).click();
  await expect(options.getByText('Credentials are locked.', { exact: false }).first()).toBeVisible();
  popup = await popupOnStoppedWorker(extension, tab, tabId);
  await expect(popup.getByLabel('Passphrase', { exact: true })).toBeFocused();
  await expect(popup.getByRole('button', { name: 'Create project' })).toHaveCount(0);
  await expectFirstScreenFromStorage(popup);
  await popup.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await popup.getByRole('button', { name: 'Unlock' }).click();
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeVisible();
  await popup.close();
  await switchLock(extension, false, PASSPHRASE);

  // The credentials forgotten: what is missing, and Open settings.
  await forgetCredentials(extension.context, extension.extensionId);
  popup = await popupOnStoppedWorker(extension, tab, tabId);
  await expect(popup.getByRole('button', { name: 'Open settings' })).toBeFocused();
  await expect(popup.getByRole('listitem')).toHaveText(['The API key is not saved.', 'The auth token is not saved.']);
  await expectFirstScreenFromStorage(popup);
  await popup.close();
  await configureConnection(extension.context, extension.extensionId, sandbox);

  // A second workspace that can register pages: the popup offers both; deleted, it offers one again.
  await options.reload();
  await addWorkspace(options, 'Stored view second');
  await fillAndSaveConnection(options, connectionFor(sandbox));
  popup = await popupOnStoppedWorker(extension, tab, tabId);
  const picker = popup.getByLabel('Workspace', { exact: true });
  await expect(picker.locator('option')).toHaveCount(2);
  await expectFirstScreenFromStorage(popup);
  await popup.close();
  await options.getByRole('button', { name: 'Delete workspace' }).click();
  await options.getByRole('dialog').getByRole('button', { name: 'Delete workspace' }).click();
  await expect(options.getByRole('status')).toHaveText('The workspace “Stored view second” was deleted.');
  popup = await popupOnStoppedWorker(extension, tab, tabId);
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeFocused();
  await expect(popup.getByLabel('Workspace', { exact: true })).toHaveCount(0);
  await expectFirstScreenFromStorage(popup);
  await goToSection(options, 'connection');
});
