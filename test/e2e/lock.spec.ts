import AxeBuilder from '@axe-core/playwright';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { launchExtensionBrowser, type ExtensionBrowser } from './fixtures/chromium.ts';
import { configureConnection, optionsUrl } from './fixtures/connection.ts';
import { activeWorkspaceId } from './fixtures/extension-storage.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import { secretsOf, type Sandbox } from './fixtures/sandbox.ts';
import { goToSection } from './fixtures/options-page.ts';
import { expect, test } from './fixtures/test.ts';

// The passphrase lock (design.md §10, issue 14) in Chromium: every storage area is read through the
// service worker and searched for the secrets, in clear and in base64.

declare const chrome: typeof ExtensionApi;

const PASSPHRASE = 'lock e2e passphrase one';
/** What a forgotten passphrase costs: one sentence, the same wherever it is said (issue 41, finding 3). */
const LOCK_COST =
  'The API credentials and the group tokens are stored encrypted with the passphrase: if you forget it, they are lost unless you exported them.';
const NEW_PASSPHRASE = 'lock e2e passphrase two';

/** local, sync and session, as the worker sees them. */
async function allStorage(extension: ExtensionBrowser): Promise<string> {
  const worker = await extension.serviceWorker();
  return worker.evaluate(async () =>
    JSON.stringify([
      await chrome.storage.local.get(null),
      await chrome.storage.sync.get(null),
      await chrome.storage.session.get(null),
    ]),
  );
}

/** The secret's base64 at each of the three alignments it can have inside a longer text. */
function base64Forms(secret: string): string[] {
  return [0, 1, 2].map((shift) => Buffer.from(secret.slice(shift)).toString('base64').slice(0, 16));
}

async function expectNoSecretStored(extension: ExtensionBrowser, sandbox: Sandbox): Promise<void> {
  const text = await allStorage(extension);
  for (const secret of secretsOf(sandbox)) {
    expect(text, 'a secret in clear').not.toContain(secret);
    for (const form of base64Forms(secret)) expect(text, 'a secret in base64').not.toContain(form);
  }
}

/** The same rules as test/e2e/accessibility.spec.ts, for the lock's states. */
async function expectNoViolations(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
    `axe violations in ${state}`,
  ).toEqual([]);
}

async function openConnection(extension: ExtensionBrowser): Promise<Page> {
  const options = await extension.context.newPage();
  await options.goto(optionsUrl(extension.extensionId, 'connection'));
  return options;
}

async function turnOn(options: Page): Promise<void> {
  await options.getByRole('checkbox', { name: 'Protect credentials with a passphrase' }).check();
  // Said before the admin chooses, and read with the button that chooses.
  await expect(options.getByRole('button', { name: 'Turn on protection' })).toHaveAccessibleDescription(LOCK_COST);
  await expectNoViolations(options, 'the turn-on form of the lock');
  await options.getByLabel('Passphrase', { exact: true }).fill('too short');
  await options.getByLabel('Confirm passphrase', { exact: true }).fill('too short');
  await options.getByRole('button', { name: 'Turn on protection' }).click();
  await expect(options.getByText('Use a passphrase of at least 12 characters.')).toBeVisible();
  await options.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await options.getByLabel('Confirm passphrase', { exact: true }).fill(`${PASSPHRASE}!`);
  await options.getByRole('button', { name: 'Turn on protection' }).click();
  await expect(options.getByText('The passphrases do not match.')).toBeVisible();
  await options.getByLabel('Confirm passphrase', { exact: true }).fill(PASSPHRASE);
  await options.getByRole('button', { name: 'Turn on protection' }).click();
  await expect(options.getByRole('status')).toContainText('Protection is on');
  await expect(options.getByText(LOCK_COST, { exact: true })).toBeVisible();
}

async function openPopup(extension: ExtensionBrowser, sandbox: Sandbox): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl('lock', 'Lock page'));
  return openPopupForTab(extension, page);
}

test('turned on, no credential is stored in clear, locked or unlocked; a restart leaves it locked; unlock, change, turn off', async ({
  sandbox,
}) => {
  test.setTimeout(90_000);
  const profileDir = await mkdtemp(path.join(tmpdir(), 'review-companion-lock-'));
  let extension = await launchExtensionBrowser({ profileDir });
  try {
    await configureConnection(extension.context, extension.extensionId, sandbox);
    // The positive control: before the lock, the search finds the secrets.
    expect(await allStorage(extension)).toContain(sandbox.credentials.authToken);
    const options = await openConnection(extension);
    await turnOn(options);
    await expectNoSecretStored(extension, sandbox);

    // Unlocked: the popup works as before.
    let popup = await openPopup(extension, sandbox);
    await expect(popup.getByRole('button', { name: 'Create project' })).toBeVisible();
    await popup.close();

    await options.getByRole('button', { name: 'Lock now' }).click();
    await expect(options.getByText('Credentials are locked.', { exact: false }).first()).toBeVisible();
    await expect(options.getByRole('note')).toContainText(LOCK_COST);
    await expectNoSecretStored(extension, sandbox);
    // The user groups say they are locked, with the Unlock form in place (issue 26), and creating waits.
    await goToSection(options, 'groups');
    const locked = options.getByRole('group', { name: 'Locked', exact: true });
    await expect(locked).toContainText('locked with your passphrase');
    await expect(locked.getByLabel('Passphrase', { exact: true })).toBeEditable();
    await expect(options.getByRole('button', { name: 'Create user group' })).toBeDisabled();
    await options.close();

    // A browser restart with the same profile: still locked.
    await extension.close();
    extension = await launchExtensionBrowser({ profileDir });
    await expectNoSecretStored(extension, sandbox);
    popup = await openPopup(extension, sandbox);
    await expect(popup.getByText('Credentials are locked.')).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Create project' })).toHaveCount(0);
    await expect(popup.getByLabel('Passphrase', { exact: true })).toBeFocused();
    await popup.getByLabel('Passphrase', { exact: true }).fill('not the passphrase');
    await popup.getByRole('button', { name: 'Unlock' }).click();
    await expect(popup.getByRole('alert')).toContainText('Wrong passphrase');
    await expectNoViolations(popup, 'the locked popup after a wrong passphrase');
    await popup.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    const started = Date.now();
    await popup.getByRole('button', { name: 'Unlock' }).click();
    await expect(popup.getByRole('button', { name: 'Create project' })).toBeVisible();
    console.log(`lock e2e: unlock in the popup until the form shows: ${Date.now() - started} ms`);
    await expectNoSecretStored(extension, sandbox);
    // Unlocked, a secret is usable: a project is created with the sealed credentials.
    await popup.getByRole('button', { name: 'Create project' }).click();
    await expect(popup.getByLabel('Project ID')).toBeVisible();
    await popup.close();

    // Change the passphrase in the options page; the old one no longer unlocks.
    const settings = await openConnection(extension);
    await settings.getByRole('button', { name: 'Change passphrase' }).click();
    await settings.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await settings.getByLabel('New passphrase', { exact: true }).fill(NEW_PASSPHRASE);
    await settings.getByLabel('Confirm new passphrase', { exact: true }).fill(NEW_PASSPHRASE);
    await settings.getByRole('button', { name: 'Save new passphrase' }).click();
    await expect(settings.getByRole('status')).toContainText('Passphrase changed');
    await expectNoSecretStored(extension, sandbox);
    await settings.getByRole('button', { name: 'Lock now' }).click();
    const unlockHere = settings.getByRole('button', { name: 'Unlock' });
    await settings.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await unlockHere.click();
    await expect(settings.getByRole('alert')).toContainText('Wrong passphrase');
    await expectNoViolations(settings, 'the locked options page after a wrong passphrase');
    // A forgotten passphrase loses the sealed secrets: Forget credentials is offered while locked.
    await expect(settings.getByRole('button', { name: 'Forget credentials' })).toBeEnabled();
    await settings.getByLabel('Passphrase', { exact: true }).fill(NEW_PASSPHRASE);
    await unlockHere.click();
    await expect(settings.getByRole('status')).toContainText('Unlocked');

    // Turn it off: the credentials are stored in clear again.
    await settings.getByRole('checkbox', { name: 'Protect credentials with a passphrase' }).uncheck();
    await settings.getByLabel('Passphrase', { exact: true }).fill(NEW_PASSPHRASE);
    await settings.getByRole('button', { name: 'Turn off protection' }).click();
    await expect(settings.getByRole('status')).toContainText('Protection is off');
    expect(await allStorage(extension)).toContain(sandbox.credentials.authToken);
  } finally {
    await extension.close();
    await rm(profileDir, { recursive: true, force: true });
  }
});

test('a bulk create pauses while locked and carries on by itself after unlocking', async ({ extension, sandbox }) => {
  test.setTimeout(60_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const workspaceId = await activeWorkspaceId(extension);
  const options = await openConnection(extension);
  await turnOn(options);
  const send = (type: string, data: unknown) =>
    options.evaluate(
      async ([name, payload]) => (await chrome.runtime.sendMessage({ type: name, data: payload })) as unknown,
      [type, data] as const,
    );
  const rows = Array.from({ length: 6 }, (_, index) => ({
    line: index + 2,
    name: `Locked ${index}`,
    userGroupId: `locked-${index}`,
    environment: 'Testing',
  }));
  // 60 a minute: a row a second, so the lock falls in the middle of the job.
  expect(await send('startBulkCreate', { workspaceId, rows, ratePerMinute: 60 })).toMatchObject({ ok: true });
  await expect.poll(() => sandbox.groups().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await options.getByRole('button', { name: 'Lock now' }).click();

  const job = () =>
    extension
      .serviceWorker()
      .then((worker) =>
        worker.evaluate(
          async (key) => (await chrome.storage.local.get(key))[key] as { status: string; message?: { key: string } },
          `ws.${workspaceId}.bulkCreateJob`,
        ),
      );
  await expect.poll(async () => (await job()).status, { timeout: 10_000 }).toBe('paused');
  // Paused with the LOCKED error's named text (the page shows it as "Credentials are locked…").
  expect((await job()).message).toEqual({ key: 'errorLocked' });
  const sentWhileLocked = sandbox.groups().length;
  expect(sentWhileLocked).toBeLessThan(6);
  await options.goto(optionsUrl(extension.extensionId, 'groups'));
  // The job panel's visible line (a hidden live region says the same for screen readers).
  await expect(options.getByText('Paused: Credentials are locked', { exact: false }).first()).toBeVisible();
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(sandbox.groups().length, 'nothing is sent while locked').toBe(sentWhileLocked);

  const started = Date.now();
  expect(await send('unlock', { passphrase: PASSPHRASE })).toMatchObject({ ok: true, value: { locked: false } });
  const unlockMs = Date.now() - started;
  console.log(
    `lock e2e: the unlock message (PBKDF2-SHA256 600,000 in the worker, verifier) answered in ${unlockMs} ms`,
  );
  expect(unlockMs, 'unlock within the 1 s target').toBeLessThan(1_000);
  await expect.poll(() => sandbox.groups().length, { timeout: 20_000 }).toBe(6);
  await expect.poll(async () => (await job()).status, { timeout: 5_000 }).toBe('done');
  // The browser is shared with the worker's next tests: they expect the lock off.
  expect(await send('turnOffLock', { passphrase: PASSPHRASE })).toMatchObject({ ok: true, value: { enabled: false } });
});

test('group tokens are sealed too; a forgotten passphrase: Forget credentials says what it clears, then clears every secret and turns the lock off', async ({
  extension,
  sandbox,
}) => {
  test.setTimeout(60_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await extension.context.newPage();
  await options.goto(optionsUrl(extension.extensionId, 'groups'));
  await options.getByLabel('Name', { exact: true }).fill('Sealed group');
  await options.getByLabel('User group ID', { exact: true }).fill('sealed-1');
  await options.getByRole('button', { name: 'Create user group' }).click();
  await expect(options.getByRole('status').first()).toContainText('Sealed group');
  const [group] = sandbox.groups();
  expect(group?.token).toBeTruthy();
  expect(await allStorage(extension)).toContain(group!.token);

  await options.goto(optionsUrl(extension.extensionId, 'connection'));
  await turnOn(options);
  const stored = await allStorage(extension);
  expect(stored, 'the group token is sealed').not.toContain(group!.token);
  expect(stored, 'its name and id stay readable').toContain('sealed-1');
  await expectNoSecretStored(extension, sandbox);

  await options.getByRole('button', { name: 'Lock now' }).click();
  await expect(options.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(options.getByText('Forgot the passphrase?')).toBeVisible();
  // Locked, Forget credentials is the way out of a forgotten passphrase: it clears every secret.
  await options.getByRole('button', { name: 'Forget credentials' }).click();
  const dialog = options.getByRole('dialog', { name: 'Forget every secret and turn the lock off?' });
  await expect(dialog).toContainText('The API credentials of 1 workspace are cleared.');
  // This browser's earlier tests left groups of their own: every sealed token is counted.
  await expect(dialog).toContainText(/The tokens? of \d+ user groups? (is|are) cleared\./);
  await expectNoViolations(options, 'the forget-everything dialog');
  await dialog.getByRole('button', { name: 'Forget credentials' }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Every secret was cleared' })).toContainText(
    'Every secret was cleared and the lock is off.',
  );
  await expect(options.getByRole('checkbox', { name: 'Protect credentials with a passphrase' })).not.toBeChecked();
  const after = await allStorage(extension);
  for (const secret of [...secretsOf(sandbox), group!.token]) expect(after).not.toContain(secret);
  expect(after, 'the group stays listed').toContain('sealed-1');
});
