import type { Page } from '@playwright/test';
import { launchExtensionBrowser, type ExtensionBrowser } from './fixtures/chromium.ts';
import { connectionFor, fillAndSaveConnection, optionsUrl } from './fixtures/connection.ts';
import { createGroup, goToSection, rowOf } from './fixtures/options-page.ts';
import { rowAction } from './fixtures/row-actions.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 15 and design.md §11: the options page in sections, each at its own address, and the
 * start page the install opens, which sets up only what the user will do.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });

/** A browser of its own: the first run needs a profile that has never been set up. */
let own: ExtensionBrowser;
test.beforeEach(async () => {
  own = await launchExtensionBrowser();
});
test.afterEach(async () => {
  await own.close();
});

test('the install opens the start page, which sets up only what a reviewer needs', async ({ sandbox }) => {
  expect(own.startPageUrl).toBe(optionsUrl(own.extensionId, 'start'));
  const page = await own.context.newPage();
  await page.goto(own.startPageUrl!);
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome to Review Companion' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Start' })).toHaveAttribute('aria-current', 'page');
  // Nothing is asked before the user says what they will do.
  await expect(page.getByLabel('Project API URL', { exact: true })).toHaveCount(0);
  await page.getByRole('radio', { name: /^Register pages for review/ }).check();
  // A reviewer: the setup file first, then the project API alone.
  await expect(page.getByRole('button', { name: 'Import setup' })).toBeVisible();
  await expect(page.getByLabel('User group API base URL', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('API token', { exact: true })).toHaveCount(0);
  const save = page.getByRole('button', { name: 'Save connection' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Project API URL', { exact: true }).fill(sandbox.projectApiUrl);
  await expect(save).toBeEnabled();
  await save.click();
  // Saved, and what is still missing for this part is named.
  await expect(page.getByRole('status')).toHaveText('Connection saved. Still missing: API key and Auth token.');
  await page.getByLabel('API key', { exact: true }).fill(sandbox.credentials.apiKey);
  await page.getByLabel('Auth token', { exact: true }).fill(sandbox.credentials.authToken);
  await save.click();
  await expect(page.getByRole('status')).toHaveText('Connection saved.');
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Start' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Register pages:' })).toContainText('ready');
  await expect(page.getByRole('listitem').filter({ hasText: 'Manage user groups:' })).toContainText('not set up');
  for (const secret of secretsOf(sandbox)) expect(await page.content()).not.toContain(secret);
});

test('every section has its own address: links, the back button and old addresses land on it', async () => {
  const page = await own.context.newPage();
  await page.goto(optionsUrl(own.extensionId, 'connection'));
  await expect(nav(page).getByRole('link')).toHaveText([
    'Start',
    'Projects',
    'User groups',
    'Connection',
    'Backup',
    'Activity',
    'About',
  ]);
  await expect(nav(page).getByRole('link', { name: 'Connection' })).toHaveAttribute('aria-current', 'page');
  // Nothing stored: nothing to save and nothing to forget.
  await expect(page.getByRole('button', { name: 'Save connection' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Forget credentials' })).toBeDisabled();

  await goToSection(page, 'backup');
  expect(new URL(page.url()).hash).toBe('#backup');
  // Focus moves to the section's heading, so that a screen reader says where the user is.
  await expect(page.getByRole('heading', { level: 2, name: 'Backup' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Export JSON' })).toBeDisabled();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'Connection' })).toBeVisible();
  // The address of earlier versions' history link.
  await page.goto(`${optionsUrl(own.extensionId)}#history`);
  await expect(page.getByRole('heading', { level: 2, name: 'Project history' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
});

test('keyboard only: Tab reaches the navigation, Enter opens a section, and focus lands in it', async () => {
  const page = await own.context.newPage();
  await page.goto(optionsUrl(own.extensionId, 'start'));
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome to Review Companion' })).toBeVisible();
  const aboutLink = nav(page).getByRole('link', { name: 'About' });
  for (
    let presses = 0;
    presses < 12 && !(await aboutLink.evaluate((link) => link === document.activeElement));
    presses += 1
  )
    await page.keyboard.press('Tab');
  await expect(aboutLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'About' })).toBeFocused();
  await expect(page.getByText(/^Version$/)).toBeVisible();
});

test('a connection saved in the connection section shows on the start page as ready for both roles', async ({
  sandbox,
}) => {
  const page = await own.context.newPage();
  await page.goto(optionsUrl(own.extensionId, 'connection'));
  await fillAndSaveConnection(page, connectionFor(sandbox));
  await goToSection(page, 'start');
  await expect(page.getByRole('listitem').filter({ hasText: 'Register pages:' })).toContainText('ready');
  await expect(page.getByRole('listitem').filter({ hasText: 'Manage user groups:' })).toContainText('ready, 0 groups');
  // The role choice waits behind a disclosure once something is set up.
  await expect(page.getByRole('radio', { name: /^Both/ })).toBeHidden();
  await page.getByText('Set up something else').click();
  await expect(page.getByRole('radio', { name: /^Both/ })).toBeChecked();
});

test('the backup section counts the tokens no export holds, from the list as it changes', async ({ sandbox }) => {
  const page = await own.context.newPage();
  await page.goto(optionsUrl(own.extensionId, 'connection'));
  await fillAndSaveConnection(page, connectionFor(sandbox));
  await goToSection(page, 'backup');
  await expect(page.getByText('This workspace has no user groups yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export JSON' })).toBeDisabled();
  await goToSection(page, 'groups');
  await createGroup(page, 'Backed up', 'backed-up', 'Customer');
  await goToSection(page, 'backup');
  const facts = page.getByText(/tokens exist only in this browser/);
  await expect(facts).toHaveText('1 of 1 tokens exist only in this browser. Never exported.');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  await expect(facts).toHaveText('0 of 1 tokens exist only in this browser. Last export: now.');
  // A new token after the export exists only here again.
  await goToSection(page, 'groups');
  await rowAction(rowOf(page, 'Backed up'), 'Rotate token');
  await page.getByRole('dialog').getByRole('button', { name: 'Rotate token' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'New token' })).toBeVisible();
  await goToSection(page, 'backup');
  await expect(facts).toHaveText(/^1 of 1 tokens exist only in this browser\. Last export: /);
});
