import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { configureConnection } from './fixtures/connection.ts';
import { activeWorkspaceId } from './fixtures/extension-storage.ts';
import { manyGroups, restoreGroups } from './fixtures/many-groups.ts';
import {
  createGroup,
  goToSection,
  isolateUserGroupsAndWatchConsole,
  openOptionsPage,
  rowOf,
} from './fixtures/options-page.ts';
import { openRowMenu } from './fixtures/row-actions.ts';
import { expect, test } from './fixtures/test.ts';

// Issue 26 "The admin with 2,000 groups and the reviewer in a hurry", points 1 to 4, 8 and 9, in the
// options page and the popup. Points 6 and 7 and issue 24's finding 9 need a browser of their own:
// test/e2e/at-scale-lock.spec.ts.

isolateUserGroupsAndWatchConsole();

declare const chrome: typeof ExtensionApi;

const MANY = 2000;

/** Sends a message to the background from an extension page, as the extension's pages do. */
async function send(page: Page, type: string, data: unknown): Promise<{ ok: boolean; value?: unknown }> {
  return page.evaluate<{ ok: boolean; value?: unknown }, readonly [string, unknown]>(
    ([name, payload]) => chrome.runtime.sendMessage({ type: name, data: payload }),
    [type, data] as const,
  );
}

const groupsGrid = (options: Page) => options.getByRole('grid', { name: 'User groups' });
const jobPanel = (options: Page) => options.getByRole('region', { name: 'Background job' });
const selectAll = (options: Page) => options.locator('.group-head input[type=checkbox]');

async function withManyGroups(extension: ExtensionBrowser, count: number): Promise<Page> {
  const options = await openOptionsPage(extension);
  await restoreGroups(options, manyGroups(count));
  await expect(options.getByText(new RegExp(`${count.toLocaleString('en')}|${count}`)).first()).toBeVisible();
  return options;
}

test('1: a job on 2,000 groups shows in a panel pinned in view on every section, with progress, failures and Retry failed; the message that started it leads there', async ({
  extension,
  sandbox,
}) => {
  test.setTimeout(120_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await withManyGroups(extension, MANY);
  await expect(groupsGrid(options)).toBeVisible();

  await selectAll(options).check();
  await options.getByRole('button', { name: 'Rotate selected', exact: true }).click();
  const dialog = options.getByRole('dialog');
  await dialog.getByRole('textbox').fill(String(MANY));
  await dialog.getByRole('button', { name: `Rotate ${MANY.toLocaleString('en')} tokens` }).click();

  // The message names the panel and leads to it.
  const started = options.getByRole('status').filter({ hasText: 'Started a job for' });
  await expect(started).toContainText('job panel');
  await started.getByRole('button', { name: 'Show the job' }).click();
  await expect(jobPanel(options)).toBeFocused();
  await expect(jobPanel(options)).toBeInViewport();

  // Deep in the list, the progress is still in view.
  await options.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  const progress = jobPanel(options).getByRole('progressbar', { name: 'Bulk create progress' });
  await expect(progress).toBeInViewport();
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0);

  // On another section too.
  const about = await openOptionsPage(extension, undefined, 'about');
  await expect(jobPanel(about)).toBeInViewport();
  await expect(jobPanel(about).getByRole('progressbar')).toBeVisible();
  await about.close();

  // The restored groups are unknown to the service: their rotations fail; after Cancel, Retry failed.
  await jobPanel(options).getByRole('button', { name: 'Cancel job' }).click();
  const retry = jobPanel(options).getByRole('button', { name: 'Retry failed' });
  await expect(retry).toBeInViewport({ timeout: 20_000 });
  await expect(jobPanel(options).getByRole('button', { name: /failed rows?$/ })).toBeVisible();
  await retry.click();
  await expect(jobPanel(options).getByRole('button', { name: 'Cancel job' })).toBeVisible();
  await jobPanel(options).getByRole('button', { name: 'Cancel job' }).click();
  await expect(jobPanel(options).getByRole('button', { name: 'Close' })).toBeVisible({ timeout: 20_000 });
  await jobPanel(options).getByRole('button', { name: 'Close' }).click();
  await expect(jobPanel(options)).toHaveCount(0);
});

test('2: mass delete of more than 10 groups names the workspace, offers Export JSON first and asks to type the count or the name', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await withManyGroups(extension, 12);
  const workspaceName = await options.getByLabel('Workspace', { exact: true }).locator('option:checked').innerText();

  await selectAll(options).check();
  await options.getByRole('button', { name: 'Delete selected', exact: true }).click();
  const dialog = options.getByRole('dialog', { name: `Delete 12 groups from “${workspaceName}”?` });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete 12 groups' });
  await expect(confirm).toBeDisabled();

  // Export first: a backup of exactly the selected groups, with their tokens.
  const [download] = await Promise.all([
    options.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { groups: { token: string }[] };
  expect(exported.groups).toHaveLength(12);
  expect(exported.groups.every((group) => group.token.startsWith('ugt_'))).toBe(true);
  await expect(dialog.getByRole('status')).toHaveText('Exported 12 groups with their tokens.');

  const typed = dialog.getByRole('textbox', { name: /^To confirm, type 12/ });
  await typed.fill('11');
  await expect(confirm).toBeDisabled();
  await typed.fill(workspaceName.toUpperCase());
  await expect(confirm).toBeEnabled();
  await typed.fill('12');
  await confirm.click();
  await expect(options.getByRole('status').filter({ hasText: 'Started a job for 12 groups' })).toBeVisible();
  await jobPanel(options).getByRole('button', { name: 'Cancel job' }).click();

  // Rotating all of them asks the same.
  await selectAll(options).check();
  await options.getByRole('button', { name: 'Rotate selected', exact: true }).click();
  const rotate = options.getByRole('dialog', { name: `Rotate 12 tokens in “${workspaceName}”?` });
  await expect(rotate.getByRole('button', { name: 'Rotate 12 tokens' })).toBeDisabled();
  await rotate.getByRole('button', { name: 'Cancel' }).click();

  // Ten or fewer: a plain confirmation.
  await options.getByRole('button', { name: 'Clear selection' }).click();
  for (const index of [0, 1, 2]) await options.getByRole('gridcell').getByRole('checkbox').nth(index).check();
  await options.getByRole('button', { name: 'Delete selected', exact: true }).click();
  const few = options.getByRole('dialog', { name: `Delete 3 groups from “${workspaceName}”?` });
  await expect(few.getByRole('textbox')).toHaveCount(0);
  await expect(few.getByRole('button', { name: 'Delete 3 groups' })).toBeEnabled();
  await few.getByRole('button', { name: 'Cancel' }).click();
});

test('3: a rotation answered with HTTP 500 says "outcome unknown" the same way in the row and in the list message', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  await createGroup(options, 'Umbra dashboards', 'umbra', 'Customer');
  sandbox.setFault('userGroup.rotate', { kind: 'html', status: 500, afterProcessing: true, times: 1 });
  const row = rowOf(options, 'Umbra dashboards');
  await (await openRowMenu(row)).getByRole('menuitem', { name: 'Rotate token' }).click();
  await options.getByRole('dialog').getByRole('button', { name: 'Rotate token' }).click();

  const message = options.getByRole('alert').filter({ hasText: 'Umbra dashboards' });
  await expect(message).toContainText('Rotation outcome unknown — the old token may no longer work.');
  await expect(message).not.toContainText('was not rotated');
  await expect(row).toContainText('Rotation outcome unknown — the old token may no longer work.');
  await expect(row).not.toContainText('Not rotated');
  await expect(message).toContainText('Retry rotation');
});

test('4: with 2,000 groups, a created group is pinned first and marked, its message offers Copy token, focus goes to Name', async ({
  extension,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await withManyGroups(extension, MANY);
  await options.getByLabel('Name', { exact: true }).fill('Midway Zephyr team');
  await options.getByLabel('User group ID', { exact: true }).fill('midway-zephyr');
  await options.getByRole('button', { name: 'Create user group' }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Created' })).toContainText('ID midway-zephyr');

  await expect(options.getByLabel('Name', { exact: true })).toBeFocused();
  const firstRow = groupsGrid(options).getByRole('row').nth(1);
  await expect(firstRow).toContainText('Midway Zephyr team');
  await expect(firstRow).toContainText('Just created.');
  await expect(firstRow).toBeInViewport();

  const created = sandbox.groups().find((group) => group.provided_id === 'midway-zephyr');
  expect(created).toBeDefined();
  // What the page hands the clipboard, recorded (headless Chromium gives extension pages no clipboard to read).
  await options.evaluate(() => {
    const copied: string[] = [];
    (window as unknown as { copied: string[] }).copied = copied;
    navigator.clipboard.writeText = (text: string) => {
      copied.push(text);
      return Promise.resolve();
    };
  });
  const message = options.getByRole('status').filter({ hasText: 'Created' });
  await message.getByRole('button', { name: 'Copy token of Midway Zephyr team' }).click();
  await expect(message).toContainText('Copied');
  expect(await options.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([created!.token]);

  // The next action ends the pin: the group takes its place in the sorted list.
  await options.getByRole('searchbox').fill('Acme');
  await expect(groupsGrid(options).getByRole('row').nth(1)).not.toContainText('Midway Zephyr team');
});

test('8: the row menu shows where keyboard focus is, on Delete too', async ({ extension, sandbox }) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  await createGroup(options, 'Focus check', 'focus-check', 'Testing');
  const trigger = rowOf(options, 'Focus check').getByRole('button', { name: 'Actions for Focus check' });
  await trigger.focus();
  await options.keyboard.press('Enter');
  const menu = rowOf(options, 'Focus check').getByRole('menu');
  await expect(menu).toBeVisible();
  const remove = menu.getByRole('menuitem', { name: 'Delete', exact: true });
  for (let step = 0; step < 5 && !(await remove.evaluate((item) => item === document.activeElement)); step += 1)
    await options.keyboard.press('ArrowDown');
  await expect(remove).toBeFocused();
  const ring = await remove.evaluate((item) => {
    const style = getComputedStyle(item);
    return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
  });
  expect(ring.outline !== 'none' && ring.width >= 2 ? 'outline' : ring.shadow !== 'none' ? 'shadow' : 'none').not.toBe(
    'none',
  );
  await options.keyboard.press('Escape');
  await expect(trigger).toBeFocused();
});

test('9: at 760 px names get most of the row; no results offers Clear the filter; Shift-click selects a range', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  await options.setViewportSize({ width: 760, height: 900 });
  await restoreGroups(options, manyGroups(30));

  const row = groupsGrid(options).getByRole('row').nth(1);
  const rowWidth = (await row.boundingBox())!.width;
  const nameWidth = (await row.locator('.cell-name').boundingBox())!.width;
  // The ID and the date go to a second, smaller line: the name has the first line's free width.
  for (const cell of ['.cell-env', '.cell-token', '.actions'])
    expect(nameWidth).toBeGreaterThan(1.5 * (await row.locator(cell).boundingBox())!.width);
  expect(nameWidth / rowWidth).toBeGreaterThan(0.33);
  // The header lines up with the rows (fixed side columns).
  const header = groupsGrid(options).getByRole('row').first();
  const pairs: [string, string][] = [
    ['.cell-env', '.cell-env'],
    ['.cell-token', '.cell-token'],
    ['.cell-actions', '.actions'],
  ];
  for (const [head, cell] of pairs)
    expect(Math.round((await header.locator(head).boundingBox())!.x)).toBe(
      Math.round((await row.locator(cell).boundingBox())!.x),
    );

  // No results, in a filter: said, with the way back.
  await options.getByLabel('Show', { exact: true }).selectOption('Testing');
  await options.getByRole('searchbox').fill('nothing like this');
  await expect(options.getByText(/^No user group matches “nothing like this” in/)).toBeVisible();
  await options.getByRole('button', { name: 'Clear the filter' }).click();
  await expect(options.getByRole('searchbox')).toHaveValue('');
  await expect(groupsGrid(options).getByRole('row')).not.toHaveCount(1);

  // Shift-click: the range from the last click.
  const boxes = groupsGrid(options).getByRole('gridcell').getByRole('checkbox');
  await boxes.nth(1).click();
  await boxes.nth(5).click({ modifiers: ['Shift'] });
  for (const index of [1, 2, 3, 4, 5]) await expect(boxes.nth(index)).toBeChecked();
  await expect(boxes.nth(0)).not.toBeChecked();
  await expect(boxes.nth(6)).not.toBeChecked();
  await expect(options.getByRole('group', { name: '5 selected' })).toBeVisible();
});

test('9: the empty section links to the Connection section; an import message stays in its section', async ({
  extension,
  sandbox,
}) => {
  // A workspace without the groups API and without groups: the section says where to set it up, as a link.
  const connection = await openOptionsPage(extension, undefined, 'connection');
  const saved = await send(connection, 'saveConnection', {
    workspaceId: await activeWorkspaceId(extension),
    userGroupBaseUrl: '',
    apiToken: '',
    projectApiUrl: sandbox.projectApiUrl,
    secretsArea: 'local',
    apiKey: sandbox.credentials.apiKey,
    authToken: sandbox.credentials.authToken,
  });
  expect(saved.ok).toBe(true);
  await goToSection(connection, 'groups');
  await expect(connection.getByText(/no user group API set up/)).toContainText('in the Connection section');
  await expect(connection.getByText('in the connection above')).toHaveCount(0);
  await connection.getByRole('link', { name: 'Set up the user group API' }).click();
  await expect(connection.getByRole('heading', { level: 2, name: 'Connection' })).toBeVisible();

  // An import's message belongs to the groups section: another section does not show it.
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension);
  await restoreGroups(options, manyGroups(3));
  await expect(options.getByRole('status').filter({ hasText: 'Imported backup.json' })).toBeVisible();
  await goToSection(options, 'about');
  await expect(options.getByText(/Imported backup\.json/)).toHaveCount(0);
});

test('9: in the project history, a 1 KB address stays on one line, cut, the full address in a tooltip', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const options = await openOptionsPage(extension, undefined, 'projects');
  const workspaceId = await activeWorkspaceId(extension);
  const long = `https://example.com/search?${'filter=category%3Dreports%26year%3D2026&'.repeat(26)}end=1`;
  expect(long.length).toBeGreaterThan(1000);
  const short = `${sandbox.origin}/pages/short`;
  for (const [projectUrl, projectName] of [
    [short, 'Short one'],
    [long, 'Long one'],
  ])
    expect((await send(options, 'createProject', { workspaceId, projectUrl, projectName })).ok).toBe(true);
  await options.reload();
  const longRow = options.getByRole('row').filter({ hasText: 'Long one' });
  const shortRow = options.getByRole('row').filter({ hasText: 'Short one' });
  await expect(longRow).toBeVisible();
  const [longBox, shortBox] = [await longRow.boundingBox(), await shortRow.boundingBox()];
  expect(longBox!.height).toBeLessThanOrEqual(shortBox!.height + 1);
  await expect(longRow.locator(`[title="${long}"]`)).toHaveCount(1);
});
