import type { Page } from '@playwright/test';
import { configureConnection, optionsUrl, type OptionsSection } from './fixtures/connection.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The parts of the options page whose code loads on demand (components/on-demand.tsx) are drawn as soon
 * as that code has arrived. With React.lazy a Suspense fallback shown first held them back until 300 ms
 * after it (React's fallback throttle): a page opened at #activity sat idle for about 260 ms.
 */

/** In the page: when an element matching `selector` first appears, ms since the epoch. */
const APPEARS = (selector: string) => `
  new MutationObserver((_, observer) => {
    if (!document.querySelector(${JSON.stringify(selector)})) return;
    window.__appearedAt = performance.timeOrigin + performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * When each of the page's files finished loading, ms since the epoch, from the DevTools protocol (the
 * page's own Resource Timing lists no chrome-extension:// files): a file name's start → the time.
 */
async function watchFiles(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const urls = new Map<string, string>();
  const finished: { file: string; at: number }[] = [];
  let wallMinusMonotonic = 0;
  cdp.on('Network.requestWillBeSent', (event) => {
    urls.set(event.requestId, event.request.url);
    wallMinusMonotonic = event.wallTime * 1000 - event.timestamp * 1000;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const file = new URL(urls.get(event.requestId) ?? 'about:blank').pathname.split('/').at(-1) ?? '';
    finished.push({ file, at: event.timestamp * 1000 + wallMinusMonotonic });
  });
  await cdp.send('Network.enable');
  return finished;
}

/** From the last of a chunk's files (its script, its style sheet) arriving to the part appearing. */
async function arrivalToShown(page: Page, finished: { file: string; at: number }[], chunk: string) {
  await page.waitForFunction(() => (window as unknown as { __appearedAt?: number }).__appearedAt !== undefined);
  const appeared = await page.evaluate(() => (window as unknown as { __appearedAt: number }).__appearedAt);
  const files = finished.filter(({ file }) => file.startsWith(`${chunk}-`));
  expect(files.length, `the files of ${chunk}`).toBeGreaterThan(0);
  return appeared - Math.max(...files.map(({ at }) => at));
}

const SECTIONS: { section: OptionsSection; chunk: string; heading: string }[] = [
  { section: 'activity', chunk: 'ActivitySection', heading: 'Activity' },
  { section: 'backup', chunk: 'BackupSection', heading: 'Backup' },
  { section: 'projects', chunk: 'ProjectsSection', heading: 'Project history' },
];

for (const { section, chunk, heading } of SECTIONS)
  test(`opened at #${section}, the section is drawn as soon as its code has arrived`, async ({
    extension,
    sandbox,
  }) => {
    await configureConnection(extension.context, extension.extensionId, sandbox);
    const page = await extension.context.newPage();
    await page.addInitScript(APPEARS('main h2'));
    const finished = await watchFiles(page);
    await page.goto(optionsUrl(extension.extensionId, section));
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    // 28–52 ms here (2026-11-26); with React.lazy 295–299 ms, the throttle's 300 ms from the fallback
    // less the few ms the code took to arrive. The bound leaves room for a busy machine.
    expect(await arrivalToShown(page, finished, chunk)).toBeLessThan(200);
    await page.close();
  });

test('Add groups from file is drawn as soon as its code has arrived', async ({ extension, sandbox }) => {
  await configureConnection(extension.context, extension.extensionId, sandbox);
  const page = await extension.context.newPage();
  await page.addInitScript(APPEARS('input[type=file]'));
  const finished = await watchFiles(page);
  await page.goto(optionsUrl(extension.extensionId, 'groups'));
  await expect(page.getByLabel('Add groups from file')).toBeAttached();
  expect(await arrivalToShown(page, finished, 'BulkCreateSection')).toBeLessThan(200);
  await page.close();
});
