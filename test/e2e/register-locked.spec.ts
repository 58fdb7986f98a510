import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { configureConnection } from './fixtures/connection.ts';
import { goToSection, openOptionsPage } from './fixtures/options-page.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';
import { unique } from './fixtures/unique.ts';

declare const chrome: typeof ExtensionApi;

// Issue 41, finding 4: an action the lock blocks offers to unlock in place, keeps what the user typed,
// and then goes on; a resumed job's state is said once, truthfully. Register pages in Chromium.

const PASSPHRASE = 'register while locked passphrase';

test.afterAll(async ({ extensionBrowser, sandbox }) => {
  expect(await extensionBrowser.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
});

async function send(options: Page, type: string, data: unknown): Promise<{ ok: boolean }> {
  return options.evaluate<{ ok: boolean }, readonly [string, unknown]>(
    ([name, payload]) => chrome.runtime.sendMessage({ type: name, data: payload }),
    [type, data] as const,
  );
}

const counts = (options: Page) => options.locator('.register-counts');
const addresses = (options: Page) => options.getByLabel('Page addresses');
const unlockDialog = (options: Page) => options.getByRole('dialog', { name: 'Unlock to continue' });

async function unlockInPlace(options: Page, action: string): Promise<void> {
  const dialog = unlockDialog(options);
  await expect(dialog).toContainText(`“${action}” carries on`);
  await dialog.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(dialog).toHaveCount(0);
}

test('Register pages while locked: the pasted lines survive the banner’s Unlock, unlock in place starts the job, Resume says one true state', async ({
  extension,
  sandbox,
}, testInfo) => {
  test.setTimeout(120_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension, undefined, 'projects');
  try {
    expect(await send(options, 'turnOnLock', { passphrase: PASSPHRASE, lockAfter: 'close' })).toMatchObject({
      ok: true,
    });
    expect(await send(options, 'lockNow', {})).toMatchObject({ ok: true });
    await expect(options.getByRole('note')).toContainText('Credentials and group tokens are locked');
    await options.getByLabel('Requests per minute').fill('3000');
    const prefix = unique('locked');
    const lines = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => sandbox.pageUrl(`${prefix}-${from + index}`)).join('\n');

    // The banner's Unlock leaves the section; coming back, the pasted lines are as they were.
    await addresses(options).fill(lines(1, 6));
    await options.getByRole('note').getByRole('link', { name: 'Unlock' }).click();
    await expect(options.getByRole('heading', { level: 2, name: 'Connection' })).toBeVisible();
    await expect(options.getByLabel('Passphrase', { exact: true })).toBeFocused();
    await goToSection(options, 'projects');
    await expect(addresses(options)).toHaveValue(lines(1, 6));

    // Register 6 pages offers to unlock where the user is; the lines stay; then the job runs.
    await options.getByRole('button', { name: 'Register 6 pages' }).click();
    await expect(unlockDialog(options)).toBeVisible();
    await expect(addresses(options)).toHaveValue(lines(1, 6));
    for (const width of [760, 1280]) {
      await options.setViewportSize({ width, height: 800 });
      await options.screenshot({ path: testInfo.outputPath(`register-unlock-in-place-${width}.png`) });
    }
    await unlockInPlace(options, 'Register 6 pages');
    await expect(counts(options)).toContainText('6 of 6 done: 6 registered', { timeout: 20_000 });
    expect(sandbox.projects().filter((project) => project.projectUrl.includes(prefix))).toHaveLength(6);

    // The same after the banner's own Unlock: unlocked there, back here, the lines are kept and register.
    expect(await send(options, 'lockNow', {})).toMatchObject({ ok: true });
    await addresses(options).fill(lines(7, 2));
    await options.getByRole('note').getByRole('link', { name: 'Unlock' }).click();
    await options.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await options.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(options.getByRole('note')).toHaveCount(0);
    await goToSection(options, 'projects');
    await expect(addresses(options)).toHaveValue(lines(7, 2));
    await options.getByRole('button', { name: 'Register 2 pages' }).click();
    await expect(counts(options)).toContainText('2 of 2 done: 2 registered', { timeout: 20_000 });

    // A job the lock pauses: Resume offers to unlock, and then the job goes on; never "Resumed…"
    // under "Paused…", never a job left where it was.
    await options.getByLabel('Requests per minute').fill('60');
    await addresses(options).fill(lines(9, 6));
    await options.getByRole('button', { name: 'Register 6 pages' }).click();
    await expect(counts(options)).toContainText(/^1 of 6 done/, { timeout: 20_000 });
    expect(await send(options, 'lockNow', {})).toMatchObject({ ok: true });
    const state = options.locator('#register-progress .job-state');
    await expect(state).toHaveText(/^Paused: Credentials are locked/, { timeout: 10_000 });
    await options.getByRole('button', { name: 'Resume' }).click();
    await expect(unlockDialog(options)).toBeVisible();
    await unlockInPlace(options, 'Resume');
    await expect(state).toHaveText(/^Running at up to 60 requests per minute\./);
    await expect(options.getByText(/Resumed/)).toHaveCount(0);
    await expect(counts(options)).toContainText('6 of 6 done: 6 registered', { timeout: 30_000 });
    await expect(state).toHaveText('Done.');
    expect(sandbox.projects().filter((project) => project.projectUrl.includes(prefix))).toHaveLength(14);
  } finally {
    // The browser is shared with the worker's next tests: they expect the lock off.
    await send(options, 'turnOffLock', { passphrase: PASSPHRASE });
  }
});
