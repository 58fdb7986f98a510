import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { configureConnection, optionsUrl } from './fixtures/connection.ts';
import { activeWorkspaceId, readLocalStorage, readStoredGroups } from './fixtures/extension-storage.ts';
import { createGroup, isolateUserGroupsAndWatchConsole, openOptionsPage, rowOf } from './fixtures/options-page.ts';
import { clickNotification, recordNotifications } from './fixtures/notifications.ts';
import { expect, test } from './fixtures/test.ts';

declare const chrome: typeof ExtensionApi;

// Issue 29 item 3 (design.md §13): Remind me when tokens are due: the toolbar badge counts the tokens
// due, the daily alarm notifies, and a click on the notification opens the workspace's due groups.
//
// As in job-notify.spec.ts: the e2e build holds `notifications` from the start (automation cannot click
// the browser's permission prompt), so the tick is seen to ask for it; headless Chromium shows no
// notification one could click, so the click is Chrome's own onClicked event of the worker, dispatched
// there with the notification's id. The daily alarm is Chrome's onAlarm event, dispatched in the worker
// with the alarm the extension registered (a day is too long to wait for).

isolateUserGroupsAndWatchConsole();

/** entrypoints/background/token-reminders.ts TOKEN_REMINDER_ALARM (that file needs the extension's bundler). */
const TOKEN_REMINDER_ALARM = 'token-reminders';
const DAY = 86_400_000;
// The list counts whole days from when the page opened: an hour more keeps the age at 100 and 10.
const HOUR = 3_600_000;
const OLD = ['due1', 'due2', 'due3', 'due4', 'due5'];
const RECENT = ['new1', 'new2', 'new3', 'new4', 'new5'];

test.afterEach(async ({ extension }) => {
  // The browser serves the next repeat or file: reminders off again, no notification, no count left.
  const workspaceId = await activeWorkspaceId(extension);
  const worker = await extension.serviceWorker();
  await worker.evaluate(async (id) => {
    await chrome.storage.local.remove([`ws.${id}.tokenRotation`, 'tokenReminders']);
    for (const shown of Object.keys(await chrome.notifications.getAll())) await chrome.notifications.clear(shown);
  }, workspaceId);
});

async function restoreOldAndRecent(options: Page, outputPath: string): Promise<void> {
  for (const id of [...OLD, ...RECENT]) await createGroup(options, `Team ${id}`, id, 'Customer');
  const [file] = await Promise.all([
    options.waitForEvent('download'),
    options.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  // A backup of these groups, as if made long ago: 5 tokens issued 100 days ago, 5 issued 10 days ago.
  const backup = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    groups: { provided_id: string; issuedAt?: string }[];
  };
  const now = Date.now();
  for (const group of backup.groups)
    group.issuedAt = new Date(now - (OLD.includes(group.provided_id) ? 100 : 10) * DAY - HOUR).toISOString();
  await writeFile(outputPath, JSON.stringify(backup));
  await options.getByLabel('Add groups from file').setInputFiles(outputPath);
  await options.getByRole('button', { name: 'Import', exact: true }).click();
  await options
    .getByRole('dialog')
    .getByRole('button', { name: /^Import 10 groups$/ })
    .click();
}

test('Remind me when tokens are due: the badge counts 5 due tokens, the daily alarm notifies, its click opens the due groups, and Rotate due tokens clears the badge', async ({
  extension,
  sandbox,
}, testInfo) => {
  test.setTimeout(120_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const workspaceId = await activeWorkspaceId(extension);
  const worker = await extension.serviceWorker();
  const badge = () =>
    worker.evaluate(async () => ({
      text: await chrome.action.getBadgeText({}),
      title: await chrome.action.getTitle({}),
    }));
  const notifications = async () => Object.keys(await worker.evaluate(() => chrome.notifications.getAll()));
  const workspaceName = await worker.evaluate(async (id) => {
    const { workspaces } = await chrome.storage.local.get('workspaces');
    return (workspaces as { workspaces: { id: string; name: string }[] }).workspaces.find((entry) => entry.id === id)!
      .name;
  }, workspaceId);

  // 1. 5 due and 5 recent tokens, a 90-day period, then the reminders ticked.
  const options = await openOptionsPage(extension);
  await restoreOldAndRecent(options, testInfo.outputPath('backup.json'));
  await expect
    .poll(async () => (await readStoredGroups(extension)).filter((group) => 'issuedAt' in group).length)
    .toBe(10);
  await options.getByLabel('Rotate tokens every').selectOption('90');
  await expect(options.getByText('5 tokens due for rotation.')).toBeVisible();
  // Reminders off: no badge for due tokens.
  await expect.poll(async () => (await badge()).text).toBe('');

  // What the page asks the browser in the click (the browser answers true: the e2e build holds it).
  await options.evaluate(() => {
    const asked: string[][] = [];
    const request = chrome.permissions.request.bind(chrome.permissions);
    Object.assign(window, { asked });
    chrome.permissions.request = (permissions: Parameters<typeof request>[0]) => {
      asked.push(permissions.permissions ?? []);
      return request(permissions);
    };
  });
  const remind = options.getByRole('checkbox', { name: 'Remind me when tokens are due' });
  await expect(remind).not.toBeChecked();
  // A click, not check(): the box shows the stored setting, ticked once the background has saved it.
  await remind.click();
  await expect(remind).toBeChecked();
  expect(await options.evaluate(() => (window as unknown as { asked: string[][] }).asked)).toEqual([['notifications']]);
  await expect(options.locator('.token-rotation').getByRole('alert')).toHaveCount(0);

  // 2. The toolbar badge: the count due, and a tooltip that says so (counted a few seconds after the change).
  await expect.poll(badge, { timeout: 15_000 }).toEqual({
    text: '5',
    title: 'Review Companion: 5 tokens due for rotation',
  });
  // Counting is no reminder: no notification yet.
  expect(await notifications()).toEqual([]);

  // 3. The daily alarm, as Chrome fires it: the alarm the extension registered, given to onAlarm.
  const recorded = await recordNotifications(worker);
  const alarm = await worker.evaluate((name) => chrome.alarms.get(name), TOKEN_REMINDER_ALARM);
  expect(alarm?.name).toBe(TOKEN_REMINDER_ALARM);
  // Daily: a period of 24 hours.
  expect(alarm?.periodInMinutes).toBe(24 * 60);
  await worker.evaluate(
    (fired) =>
      (chrome.alarms.onAlarm as unknown as { dispatch(alarm: ExtensionApi.alarms.Alarm): void }).dispatch(fired),
    alarm!,
  );
  const id = `tokens-due:${workspaceId}`;
  await expect.poll(notifications, { timeout: 15_000 }).toEqual([id]);
  const shown = await recorded();
  expect(shown).toEqual([
    {
      id,
      title: 'Tokens due for rotation',
      message: `5 user group tokens in “${workspaceName}” are due for rotation. Click to see them.`,
    },
  ]);

  // 4. With no options page open, a click opens one on the workspace's groups, Due for rotation: the 5
  // due groups, and only those. (An open one is brought forward instead: job-notify.spec.ts.)
  await options.close();
  const opened = extension.context.waitForEvent('page', {
    predicate: (page) => page.url().startsWith(optionsUrl(extension.extensionId)),
  });
  await clickNotification(worker, id);
  const due = await opened;
  expect(due.url()).toBe(
    `chrome-extension://${extension.extensionId}/options.html?ws=${encodeURIComponent(workspaceId)}#groups/due`,
  );
  const show = due.getByLabel('Show', { exact: true });
  await expect(show).toHaveValue('due');
  await expect(show.locator('option:checked')).toHaveText('Due for rotation (5)');
  await expect(show).toBeFocused();
  const teams = due.getByRole('row').filter({ hasText: /Team (due|new)\d/ });
  await expect(teams).toHaveCount(5);
  for (const group of OLD) await expect(rowOf(due, `Team ${group}`)).toContainText('Token 100 days old');
  for (const group of RECENT) await expect(rowOf(due, `Team ${group}`)).toHaveCount(0);
  await due.screenshot({ path: testInfo.outputPath('due-from-notification.png'), fullPage: true });

  // 5. Rotate due tokens (confirmed like any mass rotate): nothing is due any more, and the badge clears.
  await due.getByRole('button', { name: 'Rotate due tokens' }).click();
  const confirm = due.getByRole('dialog', { name: /^Rotate 5 tokens in “.+”\?$/ });
  await confirm.getByRole('button', { name: 'Rotate 5 tokens' }).click();
  await expect(due.getByText('5 of 5 rotated, 0 failed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(due.getByText('0 tokens due for rotation.')).toBeVisible();
  await expect.poll(badge, { timeout: 15_000 }).toEqual({ text: '', title: 'Register this page for review' });
  // The count a restarted worker shows again.
  expect(await readLocalStorage(extension, 'tokenReminders')).toMatchObject({
    workspaces: [{ id: workspaceId, name: workspaceName, due: 0 }],
  });
});
