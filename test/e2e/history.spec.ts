import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { launchExtensionBrowser } from './fixtures/chromium.ts';
import { configureConnection, optionsUrl } from './fixtures/connection.ts';
import { clickContextMenu, popupOpenedBy } from './fixtures/context-menu.ts';
import { historyHolding } from './fixtures/extension-storage.ts';
import { openActionPopup, openPopupForTab } from './fixtures/popup.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';
import { unique } from './fixtures/unique.ts';

declare const chrome: typeof ExtensionApi;

// The worker's browser is shared by the files it runs: every page here is new to its history (`unique`).

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.afterAll(async ({ extensionBrowser, sandbox }) => {
  expect(await extensionBrowser.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
});

async function createFrom(popup: Page): Promise<string> {
  await popup.getByRole('button', { name: 'Create project' }).click();
  const projectId = popup.getByLabel('Project ID', { exact: true });
  await expect(projectId).toBeVisible();
  return projectId.inputValue();
}

test('a page registered before: the popup warns with the earlier id, Register again creates a second, the history lists both', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const title = unique('History duplicate');
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl(unique('history-dup'), title));

  const first = await openActionPopup(extension, page);
  const firstId = await createFrom(first.popup);
  // The success view has exactly one control named like "Copy project ID" (docs/testing.md, *Stable accessible names*).
  await expect(first.popup.getByRole('button', { name: 'Copy project ID' })).toHaveCount(1);
  await first.close();
  expect(sandbox.projects().map((project) => project.projectId)).toEqual([firstId]);

  // The same page again (its fragment does not make it another page).
  await page.goto(`${page.url()}#section-2`);
  const second = await openActionPopup(extension, page);
  try {
    const warning = second.popup.getByRole('region', { name: 'Already registered' });
    await expect(warning).toContainText(`“${title}” (project ID ${firstId})`);
    const create = second.popup.getByRole('button', { name: 'Create project' });
    await expect(create).toBeDisabled();
    await second.popup.getByRole('button', { name: 'Register again' }).click();
    await expect(warning).toContainText('You chose to register this page again');
    await expect(create).toBeEnabled();
    await expect(create).toBeFocused();
    const secondId = await createFrom(second.popup);
    expect(secondId).not.toBe(firstId);
    expect(sandbox.projects().map((project) => project.projectId)).toEqual([firstId, secondId]);

    // Both in the popup's recent projects, newest first, each with its own copy button.
    const third = await openActionPopup(extension, page);
    try {
      await expect(third.popup.getByRole('region', { name: 'Already registered' })).toContainText('registered 2 times');
      const recent = third.popup.getByRole('region', { name: 'Recent projects' }).getByRole('listitem');
      await expect(recent.nth(0)).toContainText(secondId);
      await expect(recent.nth(1)).toContainText(firstId);
      await expect(third.popup.getByRole('button', { name: `Copy project ID of ${title}`, exact: true })).toHaveCount(
        2,
      );
    } finally {
      await third.close();
    }

    // And in the options page, searchable and exportable.
    const options = await extension.context.newPage();
    await options.goto(optionsUrl(extension.extensionId, 'projects'));
    const history = options.getByRole('region', { name: 'Project history' });
    await history.getByLabel('Search history', { exact: true }).fill(title);
    await expect(history.getByText('Showing 2 of', { exact: false })).toBeVisible();
    const rows = history.getByRole('table', { name: 'Projects' }).getByRole('row').filter({ hasText: title });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(secondId);
    await expect(rows.nth(1)).toContainText(firstId);
    await history.getByLabel('Search history', { exact: true }).fill(firstId);
    await expect(rows).toHaveCount(1);
  } finally {
    await second.close();
  }
});

test('the options page exports the history as JSON and CSV', async ({ sandbox }) => {
  // A browser of its own: a second CDP client (the action-popup helper) redirects downloads elsewhere.
  const own = await launchExtensionBrowser();
  try {
    await configureConnection(own.context, own.extensionId, sandbox);
    const ids: string[] = [];
    const urls: string[] = [];
    for (const name of ['Export one', '=SUM(1,2) export two']) {
      const page = await own.context.newPage();
      urls.push(sandbox.pageUrl(unique('export'), name));
      await page.goto(urls.at(-1)!);
      ids.push(await createFrom(await openPopupForTab(own, page)));
    }
    const options = await own.context.newPage();
    await options.goto(optionsUrl(own.extensionId, 'projects'));
    const history = options.getByRole('region', { name: 'Project history' });

    const json = options.waitForEvent('download');
    await history.getByRole('button', { name: 'Export history JSON' }).click();
    const jsonFile = await json;
    expect(jsonFile.suggestedFilename()).toMatch(/^project-history-workspace-1-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await jsonFile.path(), 'utf8')) as {
      format: string;
      projects: { projectId: string }[];
    };
    expect(exported.format).toBe('review-companion.project-history');
    expect(exported.projects.map((project) => project.projectId)).toEqual(ids);

    const csv = options.waitForEvent('download');
    await history.getByRole('button', { name: 'Export history CSV' }).click();
    const csvFile = await csv;
    expect(csvFile.suggestedFilename()).toMatch(/^project-history-workspace-1-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await csvFile.path(), 'utf8')).split('\r\n');
    // No project link in this workspace: its column is there, empty.
    expect(lines[0]).toBe('project_id,project_link,project_url,project_name,created_at');
    expect(lines[1]).toMatch(new RegExp(`^${ids[0]},,${escapeRegExp(urls[0]!)},Export one,\\d{4}-\\d{2}-\\d{2}T`));
    // A page title that a spreadsheet would run as a formula is exported as text.
    expect(lines[2]).toMatch(new RegExp(`^${ids[1]},,${escapeRegExp(urls[1]!)},"'=SUM\\(1,2\\) export two",`));

    // At 760 px the date column shows each date whole (issue 41, finding 10), light and dark.
    await options.setViewportSize({ width: 760, height: 800 });
    const cut = () =>
      options.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.history-row .cell-date, .history-row .cell-date span')]
          .filter((cell) => cell.scrollWidth > cell.clientWidth)
          .map((cell) => cell.textContent),
      );
    await expect(history.getByRole('row')).toHaveCount(3);
    for (const scheme of ['light', 'dark'] as const) {
      await options.emulateMedia({ colorScheme: scheme });
      await history.screenshot({ path: test.info().outputPath(`history-760-${scheme}.png`) });
    }
    expect(await cut()).toEqual([]);
  } finally {
    await own.close();
  }
});

test('other pages of the same site are counted; ALREADY_EXISTS names the existing project', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const pageA = await extension.context.newPage();
  await pageA.goto(sandbox.pageUrl(unique('site-a'), 'Site page A'));
  const a = await openActionPopup(extension, pageA);
  const idA = await createFrom(a.popup);
  await a.close();

  // How many other pages of this origin the history holds (other tests of this worker add some), A's included.
  const origin = new URL(pageA.url()).origin;
  const projectHistory = await historyHolding(extension, idA);
  const registered = new Set(
    projectHistory.map((entry) => entry.projectUrl.replace(/#.*/, '')).filter((url) => url.startsWith(`${origin}/`)),
  ).size;

  sandbox.setOneProjectPerSite(true);
  const pageB = await extension.context.newPage();
  await pageB.goto(sandbox.pageUrl(unique('site-b'), 'Site page B'));
  const b = await openActionPopup(extension, pageB);
  try {
    const site = new URL(pageA.url()).host;
    await expect(
      b.popup.getByText(
        registered === 1
          ? `1 other page of ${site} is registered.`
          : `${registered} other pages of ${site} are registered.`,
      ),
    ).toBeVisible();
    await expect(b.popup.getByRole('region', { name: 'Already registered' })).toHaveCount(0);
    await b.popup.getByRole('button', { name: 'Create project' }).click();
    const alert = b.popup.getByRole('alert');
    await expect(alert).toContainText(`This site already has a project (project ID ${idA}).`);
    await expect(alert.getByRole('button', { name: 'Copy existing project ID' })).toBeVisible();
    // Nothing was created here, so nothing was added to the history.
    await expect(b.popup.getByRole('region', { name: 'Recent projects' }).getByRole('listitem').first()).toContainText(
      idA,
    );
  } finally {
    await b.close();
  }
});

test('the popup footer shows the keyboard shortcut the browser reports; the manifest suggests Alt+Shift+R', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const worker = await extension.serviceWorker();
  const { suggested, shortcut } = await worker.evaluate(async () => {
    const manifest = chrome.runtime.getManifest() as {
      commands?: Record<string, { suggested_key?: { default?: string } }>;
    };
    const command = (await chrome.commands.getAll()).find((candidate) => candidate.name === '_execute_action');
    return { suggested: manifest.commands?._execute_action?.suggested_key?.default, shortcut: command?.shortcut ?? '' };
  });
  expect(suggested).toBe('Alt+Shift+R');
  const page = await extension.context.newPage();
  await page.goto(sandbox.pageUrl(unique('footer'), 'Footer'));
  const popup = await openPopupForTab(extension, page);
  // Headless Chromium assigns no suggested keys (getAll reports ""); a desktop browser shows Alt+Shift+R.
  await expect(popup.getByRole('contentinfo')).toHaveText(
    shortcut ? `Keyboard shortcut: ${shortcut}` : 'Keyboard shortcut: not set',
  );
});

test('context menu on a page opens the popup for that tab; on a link, prefilled with the link', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  const title = unique('Menu page');
  await page.goto(sandbox.pageUrl(unique('menu-page'), title));

  // Both items exist (update fails for an unknown id): onInstalled created them.
  const worker = await extension.serviceWorker();
  const updated = await worker.evaluate(async () => {
    for (const id of ['register-page', 'register-link']) await chrome.contextMenus.update(id, {});
    return true;
  });
  expect(updated).toBe(true);

  const onPage = await popupOpenedBy(extension, () =>
    clickContextMenu(extension, page, { menuItemId: 'register-page' }),
  );
  try {
    await expect(onPage.popup.getByLabel('Project URL', { exact: true })).toHaveValue(page.url());
    await expect(onPage.popup.getByLabel('Project name', { exact: true })).toHaveValue(title);
  } finally {
    await onPage.close();
  }

  // Chrome reports no link text: the name is the link's host and path.
  const linkUrl = sandbox.pageUrl(unique('linked'));
  const onLink = await popupOpenedBy(extension, () =>
    clickContextMenu(extension, page, { menuItemId: 'register-link', linkUrl }),
  );
  try {
    await expect(onLink.popup.getByLabel('Project URL', { exact: true })).toHaveValue(linkUrl);
    const { host, pathname } = new URL(linkUrl);
    await expect(onLink.popup.getByLabel('Project name', { exact: true })).toHaveValue(`${host}${pathname}`);
    await onLink.popup.getByRole('button', { name: 'Create project' }).click();
    await expect(onLink.popup.getByLabel('Project ID', { exact: true })).toBeVisible();
    expect(sandbox.projects().map((project) => project.projectUrl)).toEqual([linkUrl]);
  } finally {
    await onLink.close();
  }

  // The toolbar popup is back to normal for that tab: no link prefilled.
  const plain = await openActionPopup(extension, page);
  try {
    await expect(plain.popup.getByLabel('Project URL', { exact: true })).toHaveValue(page.url());
  } finally {
    await plain.close();
  }
});

test('where the popup cannot open, the context menu opens a small window with the form', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  const title = unique('Window page');
  await page.goto(sandbox.pageUrl(unique('menu-window'), title));
  // A window that does not exist makes openPopup fail, as it does without a focused browser window.
  const opened = extension.context.waitForEvent('page', (candidate) =>
    candidate.url().startsWith(extension.extensionUrl('popup.html?tabId=')),
  );
  await clickContextMenu(extension, page, { menuItemId: 'register-page' }, 987_654);
  const form = await opened;
  await expect(form.getByLabel('Project URL', { exact: true })).toHaveValue(page.url());
  await expect(form.getByLabel('Project name', { exact: true })).toHaveValue(title);
  const worker = await extension.serviceWorker();
  const window = await worker.evaluate(async (prefix) => {
    const tab = (await chrome.tabs.query({})).find((candidate) => candidate.url?.startsWith(prefix));
    const found = tab && (await chrome.windows.get(tab.windowId));
    return found && { type: found.type };
  }, extension.extensionUrl('popup.html?tabId='));
  // Playwright resizes every window to its viewport, so the 380×560 asked for is checked by the unit tests.
  expect(window?.type).toBe('popup');
});

test('a link opened as ?url=&title= is prefilled; a store page is explained and the field stays editable', async ({
  extension,
  sandbox,
}) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const popup = await extension.context.newPage();
  const store = 'https://chromewebstore.google.com/detail/some-extension/abc';
  await popup.goto(
    extension.extensionUrl(`popup.html?${new URLSearchParams({ url: store, title: 'Some extension\n' }).toString()}`),
  );
  const url = popup.getByLabel('Project URL', { exact: true });
  await expect(url).toHaveValue(store);
  await expect(popup.getByLabel('Project name', { exact: true })).toHaveValue('Some extension');
  await expect(url).toHaveAccessibleDescription(
    'This is an extension store page (chromewebstore.google.com). Browsers do not let extensions work on their stores, so the review toolbar cannot run here and the page cannot be registered. To register a web page instead, type or paste its address (https://…) in this field.',
  );
  // Create project waits for an address that can be registered.
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeDisabled();
  expect(sandbox.requests).toHaveLength(0);

  await expect(url).toBeEditable();
  await url.fill(sandbox.pageUrl(unique('instead')));
  await popup.getByRole('button', { name: 'Create project' }).click();
  await expect(popup.getByLabel('Project ID', { exact: true })).toBeVisible();
});

test('dark mode: popup and options follow the system setting', async ({ extension, sandbox }) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  for (const file of ['popup.html', 'options.html']) {
    const page = await extension.context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(extension.extensionUrl(file));
    await expect.poll(() => background(page)).toBe('rgb(22, 25, 29)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => background(page)).toBe('rgb(255, 255, 255)');
  }
});
