import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { launchExtensionBrowser, type ExtensionBrowser } from './fixtures/chromium.ts';
import { connectionFor, fillAndSaveConnection, optionsUrl } from './fixtures/connection.ts';
import { openActionPopup, openPopupForTab } from './fixtures/popup.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';

const last4 = (secret: string) => secret.slice(-4);
/** A saved secret reads as set inside its empty field. */
const savedPlaceholder = (secret: string) => `••••${last4(secret)} saved, type to replace`;
const SECRET_FIELDS = ['API token', 'API key', 'Auth token'] as const;
const SESSION_ONLY = 'Keep credentials only until the browser closes';

/** The extension API as the service worker sees it (types the functions passed to evaluate). */
declare const chrome: typeof ExtensionApi;

/** Everything the extension keeps on disk (storage.local), as JSON, read in the service worker. */
async function diskStorage(ext: ExtensionBrowser): Promise<string> {
  return (await ext.serviceWorker()).evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)));
}

async function expectHints(options: Page, hints: (field: (typeof SECRET_FIELDS)[number]) => string): Promise<void> {
  for (const field of SECRET_FIELDS)
    await expect(options.getByLabel(field, { exact: true })).toHaveAccessibleDescription(hints(field));
}

async function expectSavedPlaceholders(
  options: Page,
  placeholders: (field: (typeof SECRET_FIELDS)[number]) => string,
): Promise<void> {
  for (const field of SECRET_FIELDS)
    await expect(options.getByLabel(field, { exact: true })).toHaveAttribute('placeholder', placeholders(field));
}

test.afterAll(async ({ extensionBrowser, sandbox }) => {
  expect(await extensionBrowser.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
});

test('a saved connection shows only masked secrets, and the popup creates projects with it', async ({
  extension,
  sandbox,
}) => {
  const options = await extension.context.newPage();
  await options.goto(optionsUrl(extension.extensionId, 'connection'));
  await fillAndSaveConnection(options, connectionFor(sandbox));

  await options.reload();
  const { apiToken, apiKey, authToken } = sandbox.credentials;
  await expect(options.getByLabel('User group API base URL', { exact: true })).toHaveValue(sandbox.userGroupBaseUrl);
  await expect(options.getByLabel('Project API URL', { exact: true })).toHaveValue(sandbox.projectApiUrl);
  await expect(options.getByLabel('API token', { exact: true })).toHaveAttribute(
    'placeholder',
    savedPlaceholder(apiToken),
  );
  await expect(options.getByLabel('API key', { exact: true })).toHaveAttribute('placeholder', savedPlaceholder(apiKey));
  await expect(options.getByLabel('Auth token', { exact: true })).toHaveAttribute(
    'placeholder',
    savedPlaceholder(authToken),
  );

  const html = await options.content();
  for (const secret of secretsOf(sandbox))
    expect(html.includes(secret), 'a secret in the options page HTML').toBe(false);
  const values = await options
    .locator('input')
    .evaluateAll((inputs: HTMLInputElement[]) => inputs.map((input) => input.value));
  for (const secret of secretsOf(sandbox))
    expect(
      values.some((value) => value.includes(secret)),
      'a secret in an input',
    ).toBe(false);
  for (const field of SECRET_FIELDS) await expect(options.getByLabel(field, { exact: true })).toHaveValue('');

  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('after-options', 'Saved in the options page'));
  const { popup, close } = await openActionPopup(extension, page);
  try {
    await popup.getByRole('button', { name: 'Create project' }).click();
    const projectId = popup.getByLabel('Project ID', { exact: true });
    await expect(projectId).toBeVisible();
    await expect(projectId).toHaveValue(sandbox.projects()[0]!.projectId);
  } finally {
    await close();
  }
  expect(sandbox.requests).toHaveLength(1);
  expect(sandbox.requests[0]!.headers['x-service-api-key']).toBe(apiKey);
  expect(sandbox.requests[0]!.headers['x-service-auth-token']).toBe(authToken);
});

test('Forget credentials asks for confirmation, then removes the secrets but keeps the addresses', async ({
  extension,
  sandbox,
}) => {
  const options = await extension.context.newPage();
  await options.goto(optionsUrl(extension.extensionId, 'connection'));
  await fillAndSaveConnection(options, connectionFor(sandbox));

  await options.getByRole('button', { name: 'Forget credentials' }).click();
  const dialog = options.getByRole('dialog', { name: 'Forget credentials?' });
  await expect(dialog).toBeVisible();
  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(options.getByLabel('API key', { exact: true })).toHaveAttribute(
    'placeholder',
    savedPlaceholder(sandbox.credentials.apiKey),
  );

  await options.getByRole('button', { name: 'Forget credentials' }).click();
  await dialog.getByRole('button', { name: 'Forget credentials' }).click();
  await expect(options.getByRole('status')).toHaveText('Credentials removed from this browser.');
  for (const field of SECRET_FIELDS)
    await expect(options.getByLabel(field, { exact: true })).toHaveAccessibleDescription('Not set.');
  await options.reload();
  for (const field of SECRET_FIELDS)
    await expect(options.getByLabel(field, { exact: true })).toHaveAccessibleDescription('Not set.');
  await expect(options.getByLabel('Project API URL', { exact: true })).toHaveValue(sandbox.projectApiUrl);

  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('after-forget', 'After forget'));
  const popup = await openPopupForTab(extension, page);
  await expect(popup.getByRole('button', { name: 'Open settings' })).toBeVisible();
  expect(sandbox.requests).toHaveLength(0);
});

test('a saved secret stays with its origin: a changed address asks for it again, and saving drops it', async ({
  extension,
  sandbox,
}) => {
  const options = await extension.context.newPage();
  await options.goto(optionsUrl(extension.extensionId, 'connection'));
  await fillAndSaveConnection(options, connectionFor(sandbox));
  const { apiToken, apiKey, authToken } = sandbox.credentials;
  const savedOrigin = new URL(sandbox.projectApiUrl).origin;
  const movedUrl = sandbox.projectApiUrl.replace('127.0.0.1', 'localhost');
  const projectApiUrl = options.getByLabel('Project API URL', { exact: true });
  const moved = (field: string) =>
    `The address changed: type the ${field} again. The saved one is only sent to ${savedOrigin}.`;

  // Before saving: the project API's secret fields say so; the user group API's is untouched.
  await projectApiUrl.fill(movedUrl);
  await expect(options.getByLabel('API key', { exact: true })).toHaveAccessibleDescription(moved('API key'));
  await expect(options.getByLabel('Auth token', { exact: true })).toHaveAccessibleDescription(moved('Auth token'));
  await expect(options.getByLabel('API token', { exact: true })).toHaveAttribute(
    'placeholder',
    savedPlaceholder(apiToken),
  );
  // Another path on the same origin keeps the saved secrets.
  await projectApiUrl.fill(`${savedOrigin}/projects/v2`);
  await expect(options.getByLabel('API key', { exact: true })).toHaveAttribute('placeholder', savedPlaceholder(apiKey));

  await projectApiUrl.fill(movedUrl);
  await options.getByRole('button', { name: 'Save connection' }).click();
  // Saved, and what the moved API now lacks is named.
  await expect(options.getByRole('status')).toHaveText('Connection saved. Still missing: API key and Auth token.');
  await expect(options.getByLabel('API key', { exact: true })).toHaveAccessibleDescription('Not set.');
  await expect(options.getByLabel('Auth token', { exact: true })).toHaveAccessibleDescription('Not set.');
  await expect(options.getByLabel('API token', { exact: true })).toHaveAttribute(
    'placeholder',
    savedPlaceholder(apiToken),
  );
  const disk = await diskStorage(extension);
  for (const secret of [apiKey, authToken]) expect(disk.includes(secret), 'a dropped secret still stored').toBe(false);
  expect(disk.includes(apiToken), 'the user group API token is kept').toBe(true);
});

test('an http address outside this computer is refused next to its field', async ({ extension, sandbox }) => {
  const options = await extension.context.newPage();
  await options.goto(optionsUrl(extension.extensionId, 'connection'));
  await fillAndSaveConnection(options, connectionFor(sandbox));

  const projectApiUrl = options.getByLabel('Project API URL', { exact: true });
  await projectApiUrl.fill('http://example.com');
  await options.getByRole('button', { name: 'Save connection' }).click();

  await expect(projectApiUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(projectApiUrl).toHaveAccessibleDescription(
    'Use https. Plain http is only allowed for localhost and 127.0.0.1.',
  );
  await expect(options.getByRole('status')).toHaveCount(0);
  await expect(options.getByLabel('User group API base URL', { exact: true })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );

  // Nothing was saved: a fresh page still shows the sandbox address.
  await options.reload();
  await expect(options.getByLabel('Project API URL', { exact: true })).toHaveValue(sandbox.projectApiUrl);
});

test('a web page cannot reach the extension', async ({ extension, sandbox }) => {
  const options = await extension.context.newPage();
  await options.goto(optionsUrl(extension.extensionId, 'connection'));
  await fillAndSaveConnection(options, connectionFor(sandbox));

  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('hostile', 'A hostile page'));
  const outcome = await page.evaluate(async (extensionId) => {
    type SendMessage = (id: string, message: unknown, callback: (response: unknown) => void) => void;
    const runtime = (
      globalThis as { chrome?: { runtime?: { sendMessage?: SendMessage; lastError?: { message?: string } } } }
    ).chrome?.runtime;
    const sendMessage = runtime?.sendMessage;
    if (typeof sendMessage !== 'function') return 'unavailable';
    const message = { type: 'createProject', data: { projectUrl: location.href, projectName: 'Sent by a web page' } };
    return new Promise<string>((resolve) => {
      try {
        sendMessage(extensionId, message, (response) => {
          const failure = runtime?.lastError;
          resolve(failure ? `error: ${failure.message}` : `answered: ${JSON.stringify(response)}`);
        });
      } catch (error) {
        resolve(`threw: ${String(error)}`);
      }
    });
  }, extension.extensionId);

  expect(outcome).toMatch(/^(unavailable|error: |threw: )/);
  expect(sandbox.requests).toHaveLength(0);
  expect(sandbox.projects()).toHaveLength(0);
});

test('session-only credentials are gone after a browser restart and never on disk; saved ones survive it', async ({
  sandbox,
}) => {
  // Restarting needs a browser of its own, on one profile kept across launches.
  const profileDir = await mkdtemp(path.join(tmpdir(), 'review-companion-restart-'));
  const values = connectionFor(sandbox);
  const saved = {
    'API token': savedPlaceholder(values.apiToken),
    'API key': savedPlaceholder(values.apiKey),
    'Auth token': savedPlaceholder(values.authToken),
  };
  let ext: ExtensionBrowser | undefined;
  /** (Re)starts the browser on the same profile and opens the options page. */
  const restart = async () => {
    if (ext) {
      expect(await ext.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
      await ext.close();
    }
    ext = await launchExtensionBrowser({ profileDir });
    const options = await ext.context.newPage();
    await options.goto(optionsUrl(ext.extensionId, 'connection'));
    return { ext, options };
  };
  try {
    let { options } = await restart();
    await expect(options.getByLabel(SESSION_ONLY)).not.toBeChecked();
    await fillAndSaveConnection(options, values);

    // Saved normally: still there after a restart. Then moved to session-only.
    ({ options } = await restart());
    await expectSavedPlaceholders(options, (field) => saved[field]);
    await options.getByLabel(SESSION_ONLY).check();
    await options.getByRole('button', { name: 'Save connection' }).click();
    await expect(options.getByRole('status')).toHaveText('Connection saved.');
    await expectSavedPlaceholders(options, (field) => saved[field]);
    const disk = await diskStorage(ext!);
    for (const secret of secretsOf(sandbox))
      expect(disk.includes(secret), 'a session-only secret in storage.local').toBe(false);

    // Session-only: the restart forgot the secrets, not the addresses or the choice.
    ({ options } = await restart());
    await expectHints(options, () => 'Not set.');
    await expect(options.getByLabel('Project API URL', { exact: true })).toHaveValue(sandbox.projectApiUrl);
    await expect(options.getByLabel(SESSION_ONLY)).toBeChecked();
    expect(await ext!.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
  } finally {
    await ext?.close();
    await rm(profileDir, { recursive: true, force: true });
  }
});

test('no secret reaches the console of any extension context', async ({ extension, sandbox }) => {
  const firstEntry = extension.console.entries.length;
  // Exercise every context: options (save), service worker (create), action popup, popup in a tab.
  const options = await extension.context.newPage();
  await options.goto(optionsUrl(extension.extensionId, 'connection'));
  await fillAndSaveConnection(options, connectionFor(sandbox));
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('console-check', 'Console check'));
  sandbox.setFault('project.create', { kind: 'unauthorized', times: 1 });
  const tabPopup = await openPopupForTab(extension, page);
  await tabPopup.getByRole('button', { name: 'Create project' }).click();
  await expect(tabPopup.getByRole('alert')).toContainText('rejected the API key or auth token');
  const { popup, close } = await openActionPopup(extension, page);
  try {
    await popup.getByRole('button', { name: 'Create project' }).click();
    await expect(popup.getByLabel('Project ID', { exact: true })).toBeVisible();

    // The collector must hear every kind of context, or "no secret found" would prove nothing.
    const probe = `console-probe-${Date.now()}`;
    await options.evaluate((text) => console.info(`${text} options`), probe);
    await tabPopup.evaluate((text) => console.info(`${text} popup-tab`), probe);
    await popup.evaluate((text) => console.info(`${text} action-popup`), probe);
    await (await extension.serviceWorker()).evaluate((text) => console.info(`${text} service-worker`), probe);
    await expect
      .poll(() =>
        extension.console.entries
          .filter((entry) => entry.text.startsWith(probe))
          .map((entry) => `${entry.source} ${entry.text}`)
          .sort(),
      )
      .toEqual([
        `action-popup ${probe} action-popup`,
        `page ${probe} options`,
        `page ${probe} popup-tab`,
        `service-worker ${probe} service-worker`,
      ]);
  } finally {
    await close();
  }
  expect(await extension.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
  const problems = extension.console.entries
    .slice(firstEntry)
    .filter((entry) => entry.url.startsWith(extension.origin) && (entry.type === 'error' || entry.type === 'warning'));
  expect(problems, 'errors and warnings of the extension during this test').toEqual([]);
});
