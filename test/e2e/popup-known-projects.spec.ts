import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import type { ExtensionBrowser } from './fixtures/chromium.ts';
import { configureConnection } from './fixtures/connection.ts';
import { openOptionsPage } from './fixtures/options-page.ts';
import { openActionPopup, registerThroughPopup, untilReactsPopup } from './fixtures/popup.ts';
import { secretsOf } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';
import { unique } from './fixtures/unique.ts';

// Issue 41, the popup's part (points 5, 8 and 10): where a reviewer meets a project the popup already
// knows, it offers Open project (when the workspace has a project link), the recent projects show their
// names, and Register N selected tabs stays in view above them in a popup at its tallest (600 px).

/** The extension API as the service worker sees it (types the functions passed to evaluate). */
declare const chrome: typeof ExtensionApi;

const POPUP_WIDTH = 380;
const POPUP_MAX_HEIGHT = 600;
const LONG_NAME = `Quarterly pricing review for the enterprise plans and every regional add-on ${'— with notes '.repeat(6)}`;

test.afterAll(async ({ extensionBrowser, sandbox }) => {
  expect(await extensionBrowser.console.findAny(secretsOf(sandbox)), 'console lines that contain a secret').toEqual([]);
});

const linkField = (options: Page) => options.getByLabel('Project link', { exact: true });

async function saveProjectLink(extension: ExtensionBrowser, template: string): Promise<void> {
  const options = await openOptionsPage(extension, undefined, 'connection');
  await linkField(options).fill(template);
  await options.getByRole('button', { name: 'Save connection' }).click();
  await expect(options.getByRole('status').filter({ hasText: 'Connection saved.' })).toBeVisible();
  await options.close();
}

/**
 * Writes a screenshot into the test's output (and SHOTS_DIR, when set, for a reviewer to look at): the
 * whole page, or (`fullPage` false) what is in view, as the browser's own popup shows it.
 */
async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  const shots = process.env.SHOTS_DIR;
  if (shots) {
    await mkdir(shots, { recursive: true });
    await copyFile(file, path.join(shots, `${name}.png`));
  }
}

/** popup.html for `tab` at the popup's width, in a colour scheme. */
async function popupAt(extension: ExtensionBrowser, tab: Page, scheme: 'light' | 'dark'): Promise<Page> {
  const popup = await extension.context.newPage();
  await popup.setViewportSize({ width: POPUP_WIDTH, height: POPUP_MAX_HEIGHT });
  await popup.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  const tabId = await (
    await extension.serviceWorker()
  ).evaluate(async (url) => (await chrome.tabs.query({})).find((candidate) => candidate.url === url)?.id, tab.url());
  await popup.goto(extension.extensionUrl(`popup.html?tabId=${tabId}`));
  await expect(popup.getByRole('button', { name: 'Create project' })).toBeVisible();
  // Its rows are measured: on React's UI, not on the first screen's rows React replaces.
  await untilReactsPopup(popup);
  return popup;
}

test('known projects: the recent ones show their names, with Copy project ID and Open project; a registered page shows its id and Open project', async ({
  extension,
  sandbox,
}, testInfo) => {
  test.setTimeout(90_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const linkOf = (projectId: string) => `${sandbox.origin}/app/projects/${encodeURIComponent(projectId)}`;
  await saveProjectLink(extension, `${sandbox.origin}/app/projects/{projectId}`);
  try {
    const prefix = unique('known');
    const names = ['Team handbook', 'Careers', 'Status page', LONG_NAME, 'Pricing'];
    const ids: string[] = [];
    for (const [index, name] of names.entries())
      ids.push(await registerThroughPopup(extension, sandbox.pageUrl(`${prefix}-${index}`, name), name));

    for (const scheme of ['light', 'dark'] as const) {
      // A page not registered yet: the five recent projects, newest first.
      const fresh = await extension.context.newPage();
      await fresh.goto(sandbox.pageUrl(`${prefix}-new`, 'A new page'));
      const popup = await popupAt(extension, fresh, scheme);
      const recent = popup.getByRole('region', { name: 'Recent projects' });
      const rows = recent.getByRole('listitem');
      await expect(rows).toHaveCount(5);
      for (const [index, name] of [...names].reverse().entries()) {
        const row = rows.nth(index);
        // The name is on the row, readable: not a line too narrow to show it, nor only a tooltip.
        const shown = row.getByText(name.trim().slice(0, 20), { exact: false }).first();
        await expect(shown).toBeVisible();
        const box = (await shown.boundingBox())!;
        expect(box.width, `${name}: the width its name is shown in`).toBeGreaterThan(
          Math.min(200, (await shown.evaluate((element) => element.scrollWidth)) - 1),
        );
        await expect(row.getByRole('button', { name: `Copy project ID of ${name}` })).toBeVisible();
        const open = row.getByRole('link', { name: `Open project ${name}` });
        await expect(open).toBeVisible();
        await expect(open).toHaveAttribute('href', linkOf(ids[names.length - 1 - index]!));
      }
      // Nothing in the popup is wider than it.
      expect(await popup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(POPUP_WIDTH);
      await shoot(popup, testInfo, `popup-recent-projects-${scheme}`);
      await popup.close();
      await fresh.close();

      // The page registered last: its project, its id and Open project, with Register again.
      const known = await extension.context.newPage();
      await known.goto(sandbox.pageUrl(`${prefix}-${names.length - 1}`, 'Pricing'));
      const again = await popupAt(extension, known, scheme);
      const warning = again.getByRole('region', { name: 'Already registered' });
      await expect(warning).toContainText(ids.at(-1)!);
      const openKnown = warning.getByRole('link', { name: 'Open project Pricing' });
      await expect(openKnown).toHaveAttribute('href', linkOf(ids.at(-1)!));
      await expect(warning.getByRole('button', { name: 'Register again' })).toBeFocused();
      await shoot(again, testInfo, `popup-registered-page-${scheme}`);
      await again.close();
      await known.close();
    }
  } finally {
    await saveProjectLink(extension, '');
  }
});

test('Register N selected tabs is in view in the popup at its tallest, above five recent projects', async ({
  extension,
  sandbox,
}, testInfo) => {
  test.setTimeout(90_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const prefix = unique('in-view');
  for (const index of [1, 2, 3, 4, 5])
    await registerThroughPopup(
      extension,
      sandbox.pageUrl(`${prefix}-done-${index}`, `Registered page ${index}`),
      `Registered ${index}`,
    );
  const tabs: Page[] = [];
  for (const index of [1, 2, 3]) {
    const tab = await extension.context.newPage();
    await tab.goto(sandbox.pageUrl(`${prefix}-tab-${index}`, `Selected tab ${index}`));
    tabs.push(tab);
  }
  const urls = tabs.map((tab) => tab.url());
  const selectAll = async () => {
    const worker = await extension.serviceWorker();
    await worker.evaluate(async (wanted) => {
      const chosen = (await chrome.tabs.query({})).filter((tab) => tab.url !== undefined && wanted.includes(tab.url));
      await chrome.tabs.highlight({ windowId: chosen[0]?.windowId, tabs: chosen.map((tab) => tab.index) });
    }, urls);
  };
  for (const scheme of ['light', 'dark'] as const) {
    const { popup, close } = await openActionPopup(extension, tabs[0]!, 'openPopup', selectAll);
    try {
      await popup.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await expect(popup.getByRole('region', { name: 'Recent projects' }).getByRole('listitem')).toHaveCount(5);
      const button = popup.getByRole('button', { name: 'Register 3 selected tabs' });
      // The popup is as tall as the browser lets it be, and the button is inside it without scrolling.
      expect(await popup.evaluate(() => window.innerHeight)).toBeLessThanOrEqual(POPUP_MAX_HEIGHT);
      expect(await popup.evaluate(() => window.scrollY)).toBe(0);
      await expect(button).toBeInViewport({ ratio: 1 });
      await shoot(popup, testInfo, `popup-selected-tabs-${scheme}`, false);
    } finally {
      await close();
    }
  }
});
