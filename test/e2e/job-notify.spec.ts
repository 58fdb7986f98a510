import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { configureConnection, optionsUrl } from './fixtures/connection.ts';
import { activeWorkspaceId, readLocalStorage } from './fixtures/extension-storage.ts';
import { openOptionsPage } from './fixtures/options-page.ts';
import { clickNotification, recordNotifications } from './fixtures/notifications.ts';
import { openActionPopup } from './fixtures/popup.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';
import { unique } from './fixtures/unique.ts';

declare const chrome: typeof ExtensionApi;

// Issue 28 items 6 and 7 (design.md §12): Notify me when a job ends, and the page status on Chrome's
// toolbar icon.
//
// The e2e build holds `notifications` from the start, as it holds `tabs`: automation cannot click the
// browser's permission prompt (a request for a permission the extension holds is answered true without
// one). So the tick is seen to ask (the page's permissions.request is recorded) and to get it, and a
// refusal is the browser's answer replaced by false. Headless Chromium shows no notification one could click:
// the click is Chrome's own onClicked event of the worker, dispatched there with the notification's id.

test.afterAll(async ({ extensionBrowser, sandbox }) => {
  // The browser may serve other files next: the setting goes back to its default.
  const worker = await extensionBrowser.serviceWorker();
  await worker.evaluate(() => chrome.storage.local.remove('notifyJobEnds'));
  expect(await extensionBrowser.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
});

const counts = (options: Page) => options.locator('.register-counts');

/** A declarativeContent rule as getRules gives it back. */
interface StoredRule {
  id?: string;
  conditions: { pageUrl?: { urlEquals?: string } }[];
  actions: { instanceType?: string; imageData?: Record<string, unknown> }[];
}

test('Notify me when a job ends: ticking it asks for the permission; a register-pages job that ends with no options page open is notified, and its click opens Projects of that workspace', async ({
  extension,
  sandbox,
}, testInfo) => {
  test.setTimeout(120_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const workspaceId = await activeWorkspaceId(extension);
  const options = await openOptionsPage(extension, undefined, 'projects');
  const prefix = unique('notify');
  const pages = [1, 2, 3].map((index) => sandbox.pageUrl(`${prefix}-${index}`));

  // 12 a minute: a page every 5 s, time to tick the box and leave before the job ends.
  await options.getByLabel('Requests per minute').fill('12');
  await options.getByLabel('Page addresses').fill(pages.join('\n'));
  await options.getByRole('button', { name: 'Register 3 pages' }).click();
  const panel = options.getByRole('region', { name: 'Background job' });
  const notify = panel.getByRole('checkbox', { name: 'Notify me when a job ends' });
  await expect(notify).not.toBeChecked();
  expect(await readLocalStorage(extension, 'notifyJobEnds')).toBeUndefined();

  // What the page asks the browser, in the click (the same object as `browser` in Chrome); the first
  // answer is a refusal, as when the user dismisses the prompt.
  await options.evaluate(() => {
    const asked: string[][] = [];
    const request = chrome.permissions.request.bind(chrome.permissions);
    Object.assign(window, { asked });
    chrome.permissions.request = (permissions: Parameters<typeof request>[0]) => {
      asked.push(permissions.permissions ?? []);
      return asked.length === 1 ? Promise.resolve(false) : request(permissions);
    };
  });
  const asked = () => options.evaluate(() => (window as unknown as { asked: string[][] }).asked);
  await notify.click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Notifications were not allowed, so none will be shown when a job ends.',
  );
  await expect(notify).not.toBeChecked();
  expect(await asked()).toEqual([['notifications']]);
  expect(await readLocalStorage(extension, 'notifyJobEnds')).toBeUndefined();
  // Where the checkbox lives: the job panel, at 760 and 1280 px, light and dark; refused, then ticked.
  const shoot = async (state: string) => {
    for (const width of [760, 1280]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await options.setViewportSize({ width, height: 800 });
        await options.emulateMedia({ colorScheme });
        await options.screenshot({
          path: testInfo.outputPath(`job-panel-notify-${state}-${width}-${colorScheme}.png`),
        });
      }
    }
  };
  await shoot('refused');

  // Granted (the e2e build holds it: the browser answers true without a prompt).
  await notify.check();
  await expect(notify).toBeChecked();
  expect(await asked()).toEqual([['notifications'], ['notifications']]);
  await expect.poll(() => readLocalStorage(extension, 'notifyJobEnds')).toBe(true);
  await expect(panel.getByRole('alert')).toHaveCount(0);

  await shoot('ticked');
  await options.emulateMedia({ colorScheme: 'light' });

  // What the worker shows, recorded (the real notifications.create is still called).
  const worker = await extension.serviceWorker();
  const shown = await recordNotifications(worker);
  expect(sandbox.projects().length).toBeLessThan(3);
  await options.close();

  const id = `job-ended:${workspaceId}:registerPagesJob`;
  await expect
    .poll(async () => Object.keys(await worker.evaluate(() => chrome.notifications.getAll())), { timeout: 30_000 })
    .toEqual([id]);
  expect(sandbox.projects()).toHaveLength(3);
  const [notice, ...more] = await shown();
  expect(more).toEqual([]);
  expect(notice?.id).toBe(id);
  expect(notice?.title).toBe('Job finished: Page registration');
  expect(notice?.message).toMatch(
    /^Workspace “.+”: 3 of 3 done: 3 registered, 0 already had a project, 0 failed, 0 of unknown outcome\.$/,
  );

  // A click (Chrome's onClicked event, with the notification's id) opens Projects of that workspace.
  const opened = extension.context.waitForEvent('page', {
    predicate: (page) => page.url().startsWith(optionsUrl(extension.extensionId)),
  });
  await clickNotification(worker, id);
  const projects = await opened;
  expect(projects.url()).toBe(`chrome-extension://${extension.extensionId}/options.html?ws=${workspaceId}#projects`);
  await expect(projects.getByRole('heading', { level: 2, name: 'Project history' })).toBeVisible();
  await expect(projects.locator('.register-counts')).toContainText('3 of 3 done: 3 registered');
  // Clicked, it goes.
  await expect.poll(async () => Object.keys(await worker.evaluate(() => chrome.notifications.getAll()))).toEqual([]);

  // With an options page showing the workspace, a job that ends is not notified: the page shows it.
  await projects.getByLabel('Requests per minute').fill('3000');
  await projects.getByLabel('Page addresses').fill(sandbox.pageUrl(`${prefix}-shown`));
  await projects.getByRole('button', { name: 'Register 1 page' }).click();
  await expect(counts(projects)).toContainText('1 of 1 done: 1 registered');
  await projects.waitForTimeout(1000);
  expect(await shown()).toHaveLength(1);

  // The options page open in a tab behind another: the end is notified, and the click brings that page
  // forward on Projects rather than opening a second one (issue 41, finding 10).
  await projects.getByLabel('Requests per minute').fill('12');
  await projects
    .getByLabel('Page addresses')
    .fill([1, 2].map((n) => sandbox.pageUrl(`${prefix}-behind-${n}`)).join('\n'));
  await projects.getByRole('button', { name: 'Register 2 pages' }).click();
  await expect(counts(projects)).toContainText(/^1 of 2 done/, { timeout: 10_000 });
  await projects.evaluate(() => (location.hash = '#groups'));
  const front = await extension.context.newPage();
  await front.goto(sandbox.pageUrl(`${prefix}-front`, 'In front'));
  await front.bringToFront();
  await expect
    .poll(async () => Object.keys(await worker.evaluate(() => chrome.notifications.getAll())), { timeout: 30_000 })
    .toEqual([id]);
  const pagesBefore = extension.context.pages().length;
  await clickNotification(worker, id);
  await expect.poll(() => projects.evaluate(() => location.hash)).toBe('#projects');
  await expect(projects.getByRole('heading', { level: 2, name: 'Project history' })).toBeVisible();
  const active = await worker.evaluate(
    async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.url,
  );
  expect(active).toBe(projects.url());
  expect(extension.context.pages()).toHaveLength(pagesBefore);
});

test('page status: a page registered in the popup gets a rule of the toolbar icon that matches its address', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl(unique('status'), 'Page status'));
  const url = page.url();

  const worker = await extension.serviceWorker();
  const rules = () =>
    worker.evaluate(
      () =>
        new Promise<StoredRule[]>((resolve) =>
          chrome.declarativeContent.onPageChanged.getRules((found) => resolve(found)),
        ),
    );
  const matches = (rule: StoredRule, address: string) =>
    rule.conditions.some((condition) => condition.pageUrl?.urlEquals === address);
  const matching = async () => (await rules()).filter((rule) => matches(rule, url));
  expect(await matching()).toEqual([]);

  const { popup, close } = await openActionPopup(extension, page);
  try {
    await popup.getByRole('button', { name: 'Create project' }).click();
    await expect(popup.getByLabel('Project ID', { exact: true })).toBeVisible();
  } finally {
    await close();
  }

  // Rebuilt from the history a second after it changed.
  await expect.poll(async () => (await matching()).length, { timeout: 10_000 }).toBe(1);
  const [rule] = await matching();
  expect(rule?.id).toMatch(/^registered-pages-\d+$/);
  // The rule sets the icon: the extension's own, with the mark, drawn at 16 and 32 pixels.
  const action = rule?.actions[0];
  expect(action?.instanceType).toBe('declarativeContent.SetIcon');
  expect(Object.keys(action?.imageData ?? {}).sort()).toEqual(['16', '32']);
  // A page of the same site that is not registered matches none.
  const other = `${new URL(url).origin}/pages/${unique('not-registered')}`;
  expect((await rules()).some((candidate) => matches(candidate, other))).toBe(false);
});
