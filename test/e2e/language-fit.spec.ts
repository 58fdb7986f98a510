import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { launchExtensionBrowser, type ExtensionBrowser } from './fixtures/chromium.ts';
import { connectionFor, optionsUrl, type OptionsSection } from './fixtures/connection.ts';
import { activeWorkspaceId } from './fixtures/extension-storage.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import type { Sandbox } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 16: every translation fits, the popup at 380 px and the options page at 760 px: nothing makes
 * the page scroll sideways, and no text of ours (a button, a label, a heading, a column heading) is cut
 * off. Each language sets up a connection and three groups through its own labels, so the list, its
 * toolbar and a refused create are on screen too. Issue 41: in the list, at 760 and 1280 px, nothing of
 * a row covers another part of it ("Token kopieren" once covered "Zeigen" in German), no button is cut
 * by its cell, and the header lines up with the rows. The screenshots stay in the test's output.
 */
declare const chrome: typeof ExtensionApi;

const LOCALES = path.resolve(import.meta.dirname, '../../public/_locales');
const SECTIONS: OptionsSection[] = ['start', 'projects', 'groups', 'connection', 'backup', 'activity', 'about'];
/**
 * Our own texts; user data (a long group name) may be cut, with its full text in a tooltip. A date we
 * write (the project history's, issue 41) is ours too.
 */
const OWN_TEXT =
  'button, label, legend, summary, h1, h2, h3, h4, nav a, [role="columnheader"], [role="menuitem"], .cell-date span';

/** Texts cut off, and whether the page scrolls sideways. */
const fitProblems = (page: Page) =>
  page.evaluate((selector) => {
    const cut = [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.offsetParent !== null && element.getBoundingClientRect().width > 2) // not a visually hidden skip link
      .filter((element) => element.scrollWidth > element.clientWidth) // an ellipsis shows from the first pixel over
      .map((element) => element.textContent?.trim() ?? '');
    const sideways = document.documentElement.scrollWidth > document.documentElement.clientWidth;
    return { cut, sideways };
  }, OWN_TEXT);

/**
 * In the user group list: parts of a row drawn over one another (each part as far as its cell shows
 * it), buttons that stick out of their cell or are cut by it, and header cells whose column starts
 * elsewhere than the rows'.
 */
const rowProblems = (page: Page) =>
  page.evaluate(() => {
    type Box = { left: number; right: number; top: number; bottom: number };
    const drawn = (element: Element) =>
      element.getBoundingClientRect().width > 0 && getComputedStyle(element).visibility !== 'hidden';
    const cellOf = (element: Element) => element.closest('[role="gridcell"], [role="columnheader"]');
    /** The part of an element its cell shows (a cell that clips), or all of it. */
    const shown = (element: Element): Box => {
      const box = element.getBoundingClientRect();
      const cell = cellOf(element);
      if (!cell || getComputedStyle(cell).overflowX === 'visible') return box;
      const clip = cell.getBoundingClientRect();
      return {
        left: Math.max(box.left, clip.left),
        right: Math.min(box.right, clip.right),
        top: Math.max(box.top, clip.top),
        bottom: Math.min(box.bottom, clip.bottom),
      };
    };
    const overlap = (a: Box, b: Box) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const name = (element: Element) => element.textContent?.trim() ?? '';
    const covered: string[] = [];
    const outOfCell: string[] = [];
    // What Copy token said, in the row's note: whole, not cut.
    const cutNotes = [...document.querySelectorAll('[role="grid"] .copy-feedback')]
      .filter((note) => note.scrollWidth > note.clientWidth)
      .map(name);
    const rows = [...document.querySelectorAll('[role="grid"] [role="row"]')];
    for (const row of rows) {
      const parts = [...row.querySelectorAll('button, a, code, time, .token-age, .note-text, .copy-feedback')].filter(
        drawn,
      );
      parts.forEach((a, index) => {
        for (const b of parts.slice(index + 1))
          if (!a.contains(b) && !b.contains(a) && overlap(shown(a), shown(b))) covered.push(`${name(a)} × ${name(b)}`);
      });
      for (const button of row.querySelectorAll('button')) {
        const cell = cellOf(button);
        if (!cell || !drawn(button)) continue;
        const box = button.getBoundingClientRect();
        const clip = cell.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) outOfCell.push(name(button));
      }
    }
    // The header's cells start where their column's cells start in a row (the actions' cell is `.actions`).
    const [header, first] = rows;
    const misaligned = [...(header?.querySelectorAll('[role="columnheader"]') ?? [])].flatMap((heading) => {
      const column = [...heading.classList].find((className) => className.startsWith('cell-'));
      const cell = column && first?.querySelector(column === 'cell-actions' ? '.actions' : `.${column}`);
      if (!cell) return [];
      const [a, b] = [heading.getBoundingClientRect(), cell.getBoundingClientRect()];
      return Math.abs(a.left - b.left) > 1 || Math.abs(a.right - b.right) > 1 ? [column] : [];
    });
    return { covered, outOfCell, misaligned, cutNotes };
  });

async function setUp(own: ExtensionBrowser, sandbox: Sandbox, say: (name: string) => string): Promise<Page> {
  const values = connectionFor(sandbox);
  const options = await own.context.newPage();
  await options.setViewportSize({ width: 760, height: 1000 });
  await options.goto(optionsUrl(own.extensionId, 'connection'));
  for (const [label, value] of [
    ['connectionUserGroupBaseUrl', values.userGroupBaseUrl],
    ['connectionApiToken', values.apiToken],
    ['connectionProjectApiUrl', values.projectApiUrl],
    ['connectionApiKey', values.apiKey],
    ['connectionAuthToken', values.authToken],
  ] as const) {
    await options.getByLabel(say(label), { exact: true }).fill(value);
  }
  await options.getByRole('button', { name: say('connectionSave') }).click();
  await expect(options.getByRole('status')).toContainText(say('connectionSaved'));
  // A project in the history, so that its row (and its date) is on screen in Projects.
  const registered = await options.evaluate<{ ok: boolean }, readonly [string, string]>(
    ([workspaceId, projectUrl]) =>
      chrome.runtime.sendMessage({
        type: 'createProject',
        data: { workspaceId, projectUrl, projectName: 'Quarterly review' },
      }),
    [await activeWorkspaceId(own), sandbox.pageUrl('fit-history', 'Quarterly review')] as const,
  );
  expect(registered).toMatchObject({ ok: true });
  await options.goto(optionsUrl(own.extensionId, 'groups'));
  for (const [name, id] of [
    ['Design team north', 'design-north'],
    ['Client Müller GmbH', 'mueller-1'],
    ['QA', 'qa-1'],
  ] as const) {
    await options.getByLabel(say('groupsFieldName'), { exact: true }).fill(name);
    await options.getByLabel(say('groupsFieldId'), { exact: true }).fill(id);
    await options.getByRole('button', { name: say('groupsCreate') }).click();
    await expect(options.getByRole('row').filter({ hasText: id })).toBeVisible();
  }
  return options;
}

for (const language of ['en', 'de', 'fr', 'es', 'pt_BR', 'ja', 'zh_CN']) {
  test(`${language}: the popup at 380 px and the options page at 760 px fit, light and dark; the list at 760 and 1280 px`, async ({
    sandbox,
  }) => {
    test.setTimeout(90_000);
    const messages = JSON.parse(readFileSync(path.join(LOCALES, language, 'messages.json'), 'utf8')) as Record<
      string,
      { message: string }
    >;
    const say = (name: string) => messages[name]!.message;
    const shot = (name: string) => test.info().outputPath(`${language}-${name}.png`);
    const own = await launchExtensionBrowser({ language: language.replace('_', '-') });
    try {
      const options = await setUp(own, sandbox, say);
      // A refused create: its alert sits under the form.
      sandbox.setFault('userGroup.create', { kind: 'unauthorized' });
      await options.getByLabel(say('groupsFieldName'), { exact: true }).fill('Refused');
      await options.getByLabel(say('groupsFieldId'), { exact: true }).fill('refused-1');
      await options.getByRole('button', { name: say('groupsCreate') }).click();
      await expect(options.getByRole('alert').first()).toBeVisible();
      await options.screenshot({ path: shot('options-groups-error-760'), fullPage: true });
      expect(await fitProblems(options), 'groups with an error').toEqual({ cut: [], sideways: false });
      sandbox.clearFaults();
      // A row with its token shown, another with what Copy token said: the list's widest rows.
      for (const width of [760, 1280]) {
        await options.setViewportSize({ width, height: 1000 });
        await options.reload();
        const shown = options.getByRole('row').filter({ hasText: 'design-north' });
        await shown.getByRole('button', { name: say('groupsShowToken') }).click();
        await expect(shown.getByRole('button', { name: say('groupsHideToken') })).toBeVisible();
        const copied = options.getByRole('row').filter({ hasText: 'qa-1' });
        await copied.getByRole('button', { name: say('groupsCopyToken') }).click();
        await expect(copied.locator('.copy-feedback')).not.toBeEmpty();
        await options.screenshot({ path: shot(`options-groups-rows-${width}`), fullPage: true });
        expect(await rowProblems(options), `the list at ${width} px`).toEqual({
          covered: [],
          outOfCell: [],
          misaligned: [],
          cutNotes: [],
        });
      }
      await options.setViewportSize({ width: 760, height: 1000 });
      for (const scheme of ['light', 'dark'] as const) {
        await options.emulateMedia({ colorScheme: scheme });
        for (const section of SECTIONS) {
          await options.goto(optionsUrl(own.extensionId, section));
          await expect(options.locator('main h2').first()).toBeVisible();
          expect(await fitProblems(options), `#${section}, ${scheme}`).toEqual({ cut: [], sideways: false });
          await options.screenshot({ path: shot(`options-${section}-${scheme}-760`), fullPage: true });
        }
      }
      const site = await own.context.newPage();
      await site.goto(sandbox.pageUrl(`fit-${language}`, 'A page to check'));
      for (const scheme of ['light', 'dark'] as const) {
        const popup = await openPopupForTab(own, site);
        await popup.setViewportSize({ width: 380, height: 600 });
        await popup.emulateMedia({ colorScheme: scheme });
        await expect(popup.getByRole('button', { name: say('createProject') })).toBeVisible();
        expect(await fitProblems(popup), `popup, ${scheme}`).toEqual({ cut: [], sideways: false });
        await popup.screenshot({ path: shot(`popup-${scheme}-380`), fullPage: true });
        await popup.close();
      }
      // A rate-limited create: the popup's longest error, with the service's words in it.
      sandbox.setFault('project.create', { kind: 'rateLimit', retryAfterSeconds: 7 });
      const popup = await openPopupForTab(own, site);
      await popup.setViewportSize({ width: 380, height: 600 });
      await popup.getByRole('button', { name: say('createProject') }).click();
      await expect(popup.getByRole('alert')).toBeVisible();
      expect(await fitProblems(popup), 'popup with an error').toEqual({ cut: [], sideways: false });
      await popup.screenshot({ path: shot('popup-error-380'), fullPage: true });
      sandbox.clearFaults();
    } finally {
      await own.close();
    }
  });
}
