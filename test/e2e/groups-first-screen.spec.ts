import type { Page } from '@playwright/test';
import { configureConnection, optionsUrl } from './fixtures/connection.ts';
import { manyGroups, restoreGroups } from './fixtures/many-groups.ts';
import { isolateUserGroupsAndWatchConsole, openOptionsPage, rowOf } from './fixtures/options-page.ts';
import { expect, test } from './fixtures/test.ts';

// Issue 25: the options page opened at #groups draws its first screen from the registry's stored index
// alone (the first rows' display fields, never a token), then reads every part. Here the page's reads
// of the parts are held back, so that the first screen stays in view long enough to be checked.

isolateUserGroupsAndWatchConsole();

/** In the page, before its scripts: storage reads of registry parts wait until `__releaseParts()`. */
const HOLD_PART_READS = `(() => {
  const held = [];
  window.__releaseParts = () => held.splice(0).forEach((release) => release());
  const local = chrome.storage.local;
  const get = local.get;
  local.get = function (keys, ...rest) {
    const names = [].concat(keys ?? []);
    if (!names.some((name) => typeof name === 'string' && name.includes('.userGroups.'))) return get.call(this, keys, ...rest);
    return new Promise((resolve) => held.push(resolve)).then(() => get.call(this, keys, ...rest));
  };
})();`;

async function openHeld(options: Page, extensionId: string, colorScheme: 'light' | 'dark' = 'light') {
  const page = await options.context().newPage();
  await page.emulateMedia({ colorScheme });
  await page.addInitScript(HOLD_PART_READS);
  await page.goto(optionsUrl(extensionId, 'groups'));
  return page;
}

test('opened at #groups, the first rows come from the index before any part is read: no token in the page, Show token asks the background', async ({
  extension,
  sandbox,
}) => {
  test.setTimeout(90_000);
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const groups = manyGroups(60);
  const options = await openOptionsPage(extension);
  await restoreGroups(options, groups);
  await options.close();

  const page = await openHeld(options, extension.extensionId);
  const grid = page.getByRole('grid', { name: 'User groups' });
  await expect(grid).toHaveAttribute('aria-busy', 'true');
  // The list's first row by name, with the counts of the whole registry.
  const byName = [...groups].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const first = byName[0]!;
  const row = rowOf(page, first.name);
  await expect(row).toContainText(first.provided_id);
  await expect(page.getByText(/Showing 60 of 60 groups/)).toBeVisible();
  // No token of any group is in the page yet: the row shows the mask only. (The whole token is looked
  // for: these tokens end in digits that the page's inline style sheet holds too, e.g. "#00000073".)
  const html = await page.content();
  expect(groups.filter((group) => html.includes(group.token))).toEqual([]);
  await expect(row.locator('.cell-token code')).toHaveText('••••');
  // The page's UI is a module script right after its first chunk's, and its styles are in the HTML (a
  // linked sheet would hold the scripts back): the list's toolbar is styled on the first screen.
  const optionsHtml = await page.evaluate(() => fetch('/options.html').then((response) => response.text()));
  const scripts = [...optionsHtml.matchAll(/<script type="module"[^>]*src="\/chunks\/(([a-z]+)-[^"]+\.js)"/g)];
  expect(scripts.map((match) => match[2])).toEqual(['options', 'mount']);
  expect(optionsHtml).not.toMatch(/<link[^>]*rel="stylesheet"/);
  // Every file the UI's chunk imports is asked for by the HTML itself (a script or a preload), not found
  // only once that chunk is parsed.
  const uiChunk = await page.evaluate(
    (file) => fetch(`/chunks/${file}`).then((response) => response.text()),
    scripts[1]![1]!,
  );
  const imports = [...uiChunk.matchAll(/(?:^|[;\n])import\s*\{[^}]*\}\s*from\s*"\.\/([^"]+\.js)"/g)].map(
    (match) => match[1],
  );
  expect(imports.length).toBeGreaterThan(0);
  for (const file of imports) expect(optionsHtml).toContain(`/chunks/${file}"`);
  await expect(page.locator('.groups-sticky')).toHaveCSS('position', 'sticky');
  // Show token works from the first screen: the background reads it.
  await row.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(row.locator('.cell-token code')).toHaveText(first.token);
  await row.getByRole('button', { name: 'Hide', exact: true }).click();

  // Then every part: the list is no longer busy, and still holds no token (the background keeps them).
  await page.evaluate(() => (window as unknown as { __releaseParts: () => void }).__releaseParts());
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  await expect(row).toContainText(first.provided_id);
  await expect(row.locator('.cell-token code')).toHaveText('••••');
  await page.close();
});

/**
 * In the page, before its scripts: at the first mutation that brings data rows, and again in the frame
 * that follows (before its paint), which rows are drawn and which of them the window shows; and how
 * many data rows the list holds over time.
 */
const WATCH_FIRST_FRAME = `(() => {
  const rows = () => [...document.querySelectorAll('[role=grid] [role=row]:not([aria-rowindex="1"])')];
  const inView = (row) => { const box = row.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; };
  window.__counts = [];
  new MutationObserver(() => {
    const count = rows().length;
    if (count > 0 && window.__counts.at(-1) !== count) window.__counts.push(count);
    if (count === 0 || window.__firstFrame) return;
    window.__firstFrame = 'pending';
    requestAnimationFrame(() => {
      const grid = document.querySelector('[role=grid] .group-rows').getBoundingClientRect();
      window.__firstFrame = {
        drawn: rows().length,
        shown: rows().filter(inView).length,
        // The rows the window can show: from the list's top to the window's bottom edge (60 px rows).
        room: Math.ceil((Math.min(innerHeight, grid.bottom) - Math.max(0, grid.top)) / 60),
        top: grid.top,
      };
    });
  }).observe(document, { childList: true, subtree: true });
})();`;

for (const width of [760, 1280])
  test(`opened at #groups (${width} px): the first frame with rows already fills the window, and the list then keeps only the rows in view and a few more`, async ({
    extension,
    sandbox,
  }) => {
    test.setTimeout(90_000);
    await configureConnection(extension.context, extension.extensionId, sandbox);
    const options = await openOptionsPage(extension);
    const groups = manyGroups(200);
    await restoreGroups(options, groups);
    await options.close();

    const page = await extension.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(WATCH_FIRST_FRAME);
    await page.goto(optionsUrl(extension.extensionId, 'groups'));
    await expect(page.getByRole('grid', { name: 'User groups' })).not.toHaveAttribute('aria-busy', 'true');
    const firstFrame = await page.waitForFunction(() => {
      const frame = (window as unknown as { __firstFrame?: unknown }).__firstFrame;
      return typeof frame === 'object' ? frame : undefined;
    });
    const { drawn, shown, room, top } = (await firstFrame.jsonValue()) as Record<
      'drawn' | 'shown' | 'room' | 'top',
      number
    >;
    // The list starts within the window, and every row the window has room for is there in that frame.
    expect(top).toBeLessThan(900);
    expect(shown).toBeGreaterThanOrEqual(room);
    // Not the whole list: at most the rows a window of 900 px can hold.
    expect(drawn).toBeLessThanOrEqual(Math.ceil(900 / 60));
    // Measured, the list keeps the rows in view and its overscan, not the first frame's guess.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __counts: number[] }).__counts.at(-1)))
      .toBeLessThanOrEqual(room + 4);
    // Nothing moved meanwhile: the first group by name is still the list's first row.
    const first = [...groups].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))[0]!;
    await expect(page.locator('[role=row][aria-rowindex="2"]')).toContainText(first.provided_id);
    await page.close();
  });
