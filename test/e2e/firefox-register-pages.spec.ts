// Firefox: Options → Projects → Register pages and the popup's Register N selected tabs button (issue 28's
// "Done when"), and a site address read as issue 38 wants, driven over WebDriver BiDi against the
// sandbox. The Chromium side is register-pages.spec.ts and site-sitemap.spec.ts; the host access a
// click adds and gives back is firefox-site-access.spec.ts (the production build).
//
// Not covered here: the background stopped in the middle of a job. Firefox's MV3 background is an event
// page, and neither its remote protocol nor an extension page can stop it on its own (about:debugging's
// "Terminate background script" is privileged; browser.runtime.reload() reloads the whole add-on and its
// pages, which tests something else). The guarantee is proven in Chromium (register-pages.spec.ts) and in
// the unit tests of lib/projects/register-runner.ts.
import type { Page } from 'puppeteer-core';
import Papa from 'papaparse';
import { FIREFOX_WAIT_MS, launchFirefoxWithExtension, type FirefoxWithExtension } from './fixtures/firefox.ts';
import { button, exists, expectMessage, field, fillConnection, pageText, paste } from './fixtures/firefox-page.ts';
import { goToSection, openOptionsSection } from './fixtures/firefox-sections.ts';
import { catchDownloads, savedFiles } from './fixtures/firefox-files.ts';
import type { Sandbox } from './fixtures/sandbox.ts';
import { expect, test } from './fixtures/test.ts';
import { fiftyLines } from './fixtures/register-pages-lines.ts';
import { unique } from './fixtures/unique.ts';
import { sitePages } from '../sandbox/site.ts';

let ff: FirefoxWithExtension;

test.beforeAll(async () => {
  ff = await launchFirefoxWithExtension();
});

test.afterAll(async () => {
  await ff?.close();
});

// The browser is shared by the tests: each uses pages new to the workspace's history (`unique`).

const ADDRESSES = '::-p-xpath(//textarea[@id=//label[normalize-space(.)="Page addresses"]/@for])';

/** Puts the text into Page addresses as a paste does (one input event, the native setter for React). */
async function pasteAddresses(options: Page, text: string): Promise<void> {
  const area = await options.locator(ADDRESSES).waitHandle();
  await area.evaluate((element, value) => {
    Reflect.set(HTMLTextAreaElement.prototype, 'value', value, element);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

const addressesText = (options: Page) => options.$eval(ADDRESSES, (element) => (element as HTMLTextAreaElement).value);
const summaryText = (options: Page) =>
  options.evaluate(() => document.querySelector('[aria-label="What will be registered"]')?.textContent ?? '');
const countsText = (options: Page) =>
  options.evaluate(() => document.querySelector('.register-counts')?.textContent ?? '');

const createRequests = (sandbox: Sandbox) =>
  sandbox.requests
    .filter((request) => request.route === 'project.create')
    .map((request) => (JSON.parse(request.body) as { data: { projectUrl: string } }).data.projectUrl);

/** Every entry of every workspace's project history (one workspace here), read from an extension page. */
const historyUrls = (page: Page) =>
  page.evaluate(async () =>
    Object.entries(await browser.storage.local.get(null))
      .filter(([key]) => key.endsWith('.projectHistory'))
      .flatMap(([, entries]) => (entries as { projectUrl: string }[]).map((entry) => entry.projectUrl)),
  );

/** The options page on Projects, with the sandbox's connection saved, in the front tab. */
async function projectsWithConnection(sandbox: Sandbox): Promise<Page> {
  const options = await openOptionsSection(ff, 'connection');
  await fillConnection(options, sandbox);
  await expectMessage(options, 'status', 'Connection saved.');
  await goToSection(options, 'projects');
  return options;
}

async function click(page: Page, name: string): Promise<void> {
  await page.bringToFront();
  await page.locator(button(name)).click();
}

test('Firefox: 50 pasted addresses with 5 duplicates and 3 already registered: 42 requests, 42 history entries, an export that matches the service', async ({
  sandbox,
}) => {
  test.setTimeout(120_000);
  const options = await projectsWithConnection(sandbox);
  await options.setViewport({ width: 1280, height: 1100 });
  await paste(options, field('Requests per minute'), '3000');
  const prefix = unique('ffreg');
  const page = (index: number) => sandbox.pageUrl(`${prefix}-${index}`);

  // Three pages registered before, through the same form.
  await pasteAddresses(options, [page(1), page(2), page(3)].join('\n'));
  await click(options, 'Register 3 pages');
  await expect.poll(() => countsText(options), { timeout: 20_000 }).toContain('3 of 3 done: 3 registered');
  const before = await historyUrls(options);
  for (const registered of [1, 2, 3]) expect(before).toContain(page(registered));
  sandbox.reset();

  // 45 different pages (3 of them registered), 5 of them listed twice: 50 lines; names after a tab or a comma.
  const lines = fiftyLines(page);
  expect(lines).toHaveLength(50);
  await pasteAddresses(options, lines.join('\n'));
  await expect
    .poll(() => summaryText(options))
    .toContain('42 to register, 5 duplicates removed, 3 already registered, 0 invalid');
  expect(await summaryText(options)).toContain('about 1 s at this rate');
  await options.bringToFront();
  await options.locator(button('Register 42 pages')).waitHandle();
  await options.screenshot({ path: test.info().outputPath('firefox-register-preview-1280.png'), fullPage: true });
  expect(createRequests(sandbox), 'nothing sent before Register 42 pages').toEqual([]);

  await click(options, 'Register 42 pages');
  await expect
    .poll(() => countsText(options), { timeout: 30_000 })
    .toContain('42 of 42 done: 42 registered, 0 already had a project, 0 failed, 0 of unknown outcome.');
  expect(await countsText(options)).toContain('8 left out before starting');

  const sent = createRequests(sandbox);
  expect(sent).toHaveLength(42);
  expect(new Set(sent).size).toBe(42);
  for (const registered of [1, 2, 3]) expect(sent).not.toContain(page(registered));

  const after = await historyUrls(options);
  expect(after.length - before.length).toBe(42);
  const onService = sandbox.projects();
  expect(onService).toHaveLength(42);
  expect(new Set(after)).toEqual(new Set([...before, ...onService.map((project) => project.projectUrl)]));
  expect(onService.find((project) => project.projectUrl === page(10))?.projectName).toBe('Ten, with a comma');
  expect(onService.find((project) => project.projectUrl === page(11))?.projectName).toBe('Eleven');

  // Export results: the file is read where the page makes it (puppeteer over BiDi hands no download over).
  await catchDownloads(options);
  await click(options, 'Export results');
  await expect.poll(async () => (await savedFiles(options)).length, { timeout: 10_000 }).toBe(1);
  await expectMessage(options, 'status', '42 results exported.');
  const [file] = await savedFiles(options);
  expect(file!.name).toMatch(/^register-results-.+\.csv$/);
  const rows = Papa.parse<Record<string, string>>(file!.text.trim(), { header: true }).data;
  expect(Object.keys(rows[0] ?? {})).toEqual(['url', 'name', 'projectId', 'link', 'outcome', 'message']);
  expect(rows).toHaveLength(42);
  const byUrl = new Map(onService.map((project) => [project.projectUrl, project]));
  for (const row of rows) {
    expect(row.outcome).toBe('registered');
    expect(row.projectId).toBe(byUrl.get(row.url ?? '')?.projectId);
    expect(row.name).toBe(byUrl.get(row.url ?? '')?.projectName);
  }
  // The results on the page: one row per address, with its outcome and the service's project id.
  const shown = await options.$$eval('table.register-results tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
  );
  expect(shown).toHaveLength(42);
  const tenth = shown.find((cells) => cells[0]?.startsWith(page(10)));
  expect(tenth?.[1]).toBe('Registered');
  expect(tenth?.[2]).toBe(byUrl.get(page(10))?.projectId);
});

test('Firefox: a sitemap index fetched by its address: its two sitemaps on the site are read, the one on another site is not', async ({
  sandbox,
}) => {
  const options = await projectsWithConnection(sandbox);
  await paste(options, field('Sitemap address'), `${sandbox.origin}/sitemaps/index.xml`);
  await click(options, 'Fetch sitemap');
  await expectMessage(options, 'status', '10 addresses from 2 sitemap(s) put into Page addresses.', 10_000);
  await expectMessage(options, 'status', 'Not read: https://other.example/sitemap.xml (it is on another site)');
  expect((await addressesText(options)).split('\n')).toEqual([
    ...[1, 2, 3, 4, 5].map((index) => `${sandbox.origin}/pages/part1-${index}`),
    ...[1, 2, 3, 4, 5].map((index) => `${sandbox.origin}/pages/part2-${index}`),
  ]);
  // The preview counts the pages of both children; nothing is sent before Register N pages.
  await expect.poll(() => summaryText(options)).toContain('10 to register, 0 duplicates removed');
  expect(await exists(options, button('Register 10 pages'))).toBe(true);
  expect(createRequests(sandbox)).toEqual([]);
});

test('Firefox: a site address on the sandbox registers its pages as one paced job: gzip children, feeds, a cut-off sitemap, nothing off the site', async ({
  sandbox,
}) => {
  test.setTimeout(90_000);
  const options = await projectsWithConnection(sandbox);
  const pageName = unique('ffsite');
  sandbox.setSitePageName(pageName);
  const expected = sitePages({ origin: sandbox.origin, pageName });

  await options.bringToFront();
  await paste(options, field('Sitemap address'), sandbox.origin);
  await options.locator(button('Fetch sitemap')).click();
  await expectMessage(
    options,
    'status',
    `${expected.length} addresses from 7 sitemap(s) put into Page addresses.`,
    15_000,
  );
  await expectMessage(options, 'status', `Found through ${sandbox.origin}/robots.txt.`);
  await expectMessage(
    options,
    'status',
    `The sitemap ${sandbox.origin}/site/cut.xml ends early: 4 complete pages read.`,
  );
  await expectMessage(options, 'status', 'Not read: http://127.0.0.1:9/sitemap.xml (it is on another site)');
  expect((await addressesText(options)).split('\n')).toEqual(expected);
  const host = new URL(sandbox.origin).host;
  expect(sandbox.siteRequests.every((request) => request.host === host)).toBe(true);
  expect(sandbox.siteRequests.map((request) => request.path)).toContain('/site/moved-here.xml');

  await paste(options, field('Requests per minute'), '3000');
  await click(options, `Register ${expected.length} pages`);
  await expect
    .poll(() => countsText(options), { timeout: 30_000 })
    .toContain(`${expected.length} of ${expected.length} done: ${expected.length} registered`);
  expect(sandbox.projects()).toHaveLength(expected.length);
  expect(new Set(sandbox.projects().map((project) => project.projectUrl))).toEqual(new Set(expected));
});

test('Firefox: 3 selected tabs: popup.html offers Register 3 selected tabs, which makes 3 projects; one tab selected: no such button', async ({
  sandbox,
}) => {
  test.setTimeout(90_000);
  const options = await projectsWithConnection(sandbox);
  const prefix = unique('fftabs');
  const urls: string[] = [];
  for (const index of [1, 2, 3]) {
    const web = await ff.firefox.newPage();
    web.setDefaultTimeout(FIREFOX_WAIT_MS);
    await web.goto(sandbox.pageUrl(`${prefix}-${index}`, `Selected tab ${index}`));
    urls.push(await web.evaluate(() => location.href));
  }
  const tabs = async (page: Page) =>
    page.evaluate(async () =>
      (await browser.tabs.query({ currentWindow: true })).map((tab) => ({
        id: tab.id,
        index: tab.index,
        url: tab.url,
        highlighted: tab.highlighted,
      })),
    );

  // One tab selected (the popup's own, opened as a tab for the first page): the popup is as it was.
  const firstId = (await tabs(options)).find((tab) => tab.url === urls[0])?.id;
  const popup = await ff.openExtensionPage(`popup.html?tabId=${firstId}`);
  await popup.locator(button('Create project')).waitHandle();
  const inWindow = await tabs(popup);
  const chosen = inWindow.filter((tab) => tab.url !== undefined && urls.includes(tab.url));
  expect(chosen, `the 3 pages in the popup's window: ${JSON.stringify(inWindow)}`).toHaveLength(3);
  expect(await exists(popup, '::-p-xpath(//button[contains(., "selected tab")])')).toBe(false);

  // Three tabs selected in the window, as a user's Ctrl+click does; the popup counts them when it opens.
  await popup.evaluate(
    (indices) => browser.tabs.highlight({ tabs: indices }),
    chosen.map((tab) => tab.index),
  );
  await expect
    .poll(async () => (await tabs(popup)).filter((tab) => tab.highlighted).map((tab) => tab.url))
    .toEqual(urls);
  await popup.evaluate(() => location.reload());
  // Polled: the popup's tab is not the active one now, and gets no animation frames.
  await popup
    .waitForFunction(
      () => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Register 3 selected tabs'),
      { polling: 100 },
    )
    .catch(async (error: unknown) => {
      throw new Error(`no Register 3 selected tabs. The popup shows: ${await pageText(popup)}`, { cause: error });
    });
  expect(createRequests(sandbox)).toEqual([]);
  // Its click: the e2e build holds tabs, so nothing is asked, and the 3 pages become 3 projects. (The
  // popup's tab is not the active one while three others are selected: the click is the element's own.)
  await popup.evaluate(() =>
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Register 3 selected tabs')!.click(),
  );
  await expect.poll(() => createRequests(sandbox).sort(), { timeout: 30_000 }).toEqual([...urls].sort());
  expect(
    sandbox
      .projects()
      .map((project) => project.projectUrl)
      .sort(),
  ).toEqual([...urls].sort());
});
