import type { Page } from '@playwright/test';
import { openOptionsPage } from './fixtures/options-page.ts';
import { openPopupForTab } from './fixtures/popup.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Issue 16: a right-to-left language is one more _locales folder. Its `@@bidi_dir` sets `dir="rtl"` on
 * the pages, and the layout, written with logical properties only (page-language.test.ts), mirrors by
 * itself. No right-to-left translation ships yet, so `dir` is forced here the way such a locale sets it.
 */
const mirror = async (page: Page) => {
  // The page sets its own direction when its UI mounts, which can be after the load event (the UI is
  // a dynamic import): forcing "rtl" before that would be overwritten with the locale's "ltr".
  await expect(page.locator('html[dir]')).toHaveCount(1);
  await page.evaluate(() => (document.documentElement.dir = 'rtl'));
};
const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
/** Where the first label's words are, and its form's edges: the text itself, not the label's full-width box. */
const labelText = (page: Page) =>
  page.evaluate(() => {
    const label = document.querySelector('main form label')!;
    const range = document.createRange();
    range.selectNodeContents(label);
    const words = range.getBoundingClientRect();
    const form = label.closest('form')!.getBoundingClientRect();
    return { fromLeft: words.left - form.left, fromRight: form.right - words.right };
  });

test('with dir="rtl", the options page mirrors: navigation on the right, fields aligned to the right', async ({
  extension,
}) => {
  const options = await openOptionsPage(extension, 'light', 'connection');
  await options.setViewportSize({ width: 1280, height: 900 });
  const ltrNav = await box(options, 'nav');
  const ltrMain = await box(options, 'main');
  expect(ltrNav.x).toBeLessThan(ltrMain.x);
  const ltrLabel = await labelText(options);
  expect(ltrLabel.fromLeft).toBeLessThan(ltrLabel.fromRight);

  await mirror(options);
  const nav = await box(options, 'nav');
  const main = await box(options, 'main');
  expect(nav.x, 'the navigation moves to the right of the content').toBeGreaterThan(main.x);
  // A field's label starts at the right edge of its form, as Arabic or Hebrew readers expect.
  const label = await labelText(options);
  expect(label.fromRight).toBeLessThan(label.fromLeft);
  expect(label.fromRight).toBeCloseTo(ltrLabel.fromLeft, 0);
  // Nothing spills out of the page.
  expect(
    await options.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await options.screenshot({ path: test.info().outputPath('options-connection-rtl.png') });
});

test('with dir="rtl", the popup mirrors: its fields and button start at the right', async ({ extension, sandbox }) => {
  const site = await extension.context.newPage();
  await site.goto(sandbox.pageUrl('rtl', 'A page'));
  const popup = await openPopupForTab(extension, site);
  await mirror(popup);
  const body = await box(popup, 'body');
  const button = await box(popup, 'button');
  expect(body.x + body.width - (button.x + button.width), 'the first button hugs the right edge').toBeLessThan(
    body.width / 2,
  );
  expect(button.x, 'and is not at the left edge').toBeGreaterThan(body.x + 40);
  expect(await popup.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  await popup.screenshot({ path: test.info().outputPath('popup-rtl.png') });
});
