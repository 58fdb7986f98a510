// `npm run bench`: measures the built extension in headless Chromium against the sandbox and prints a
// table; results go to bench-results/ (not committed). Timings are medians over interleaved runs with
// their baselines. Nothing here is asserted: timings depend on the machine.
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { closeStartPage } from '../e2e/fixtures/chromium.ts';
import { startSandbox, type Sandbox } from '../sandbox/server.ts';
import { kb, measureBuild } from './bundle-sizes.ts';
import { BULK_ROWS, measureBulkCreate } from './bulk-create.ts';
import { ACTIVITY_ENTRIES, activityFirstRow, seedActivity } from './activity.ts';

/** The extension API inside `worker.evaluate` callbacks, which run in the service worker. */
declare const chrome: typeof ExtensionApi;

const RUNS = Number(process.env.BENCH_RUNS ?? 25);
/** `BENCH_ONLY=popup,trip,options,activity,bulk,scale` runs only those measures (all by default); sizes are always shown. */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'popup,trip,options,activity,bulk,scale').split(',').map((name) => name.trim()),
);
const skipped = {
  popup: NaN,
  empty: NaN,
  extension: NaN,
  plain: NaN,
  firstRow: NaN,
  navigation: NaN,
  keystroke: NaN,
  keystrokeWork: NaN,
  count: 0,
};
const GROUPS = 10_000;
/** The scale case: this many workspaces of GROUPS groups each (the shown one among them). */
const WORKSPACES = 20;
const E2E_BUILD = path.resolve('.output/chrome-mv3-e2e');
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A copy of the e2e build with an empty page whose script marks "ready" at once: the floor for any extension page. */
async function buildWithBaselinePage(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rc-bench-ext-'));
  await cp(E2E_BUILD, dir, { recursive: true });
  for (const file of ['manifest.json', 'background.js', 'popup.html', 'options.html']) {
    if (!existsSync(path.join(dir, file)))
      throw new Error(`The e2e build has no ${file}: run npm run build:e2e (and not while another build runs).`);
  }
  await writeFile(
    path.join(dir, 'bench-empty.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>empty</title><script type="module" src="/bench-empty.js"></script></head><body></body></html>',
  );
  await writeFile(path.join(dir, 'bench-empty.js'), "performance.mark('popup-ready');\n");
  return dir;
}

async function launch(extensionDir: string) {
  const profile = await mkdtemp(path.join(tmpdir(), 'rc-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, ...CHROMIUM_FLAGS],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const origin = `chrome-extension://${new URL(worker.url()).host}/`;
  // The install opens the start page; closed so that it does not compete with what is measured.
  await closeStartPage(context, origin);
  return { context, worker, origin, profile };
}

/** The first workspace, which the upgrade to workspaces creates when the worker first starts. */
async function firstWorkspaceId(worker: Worker): Promise<string> {
  return worker.evaluate(async () => {
    for (;;) {
      const { workspaces } = await chrome.storage.local.get('workspaces');
      const first = (workspaces as { workspaces?: { id: string }[] } | undefined)?.workspaces?.[0]?.id;
      if (first) return first;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

async function seedConnection(worker: Worker, sandbox: Sandbox, workspaceId: string) {
  await worker.evaluate(
    async (values) => {
      const { apiToken, apiKey, authToken } = values.credentials;
      const scope = `ws.${values.workspaceId}.`;
      // As the extension stores them (version 2): each API's secrets with the origin they belong to.
      await chrome.storage.local.set({
        [`${scope}connectionSettings`]: {
          userGroupBaseUrl: values.userGroupBaseUrl,
          projectApiUrl: values.projectApiUrl,
          secretsArea: 'local',
        },
        [`${scope}credentials`]: {
          userGroup: { origin: new URL(values.userGroupBaseUrl).origin, apiToken },
          project: { origin: new URL(values.projectApiUrl).origin, apiKey, authToken },
        },
        [`${scope}credentials$`]: { v: 2 },
      });
    },
    {
      workspaceId,
      userGroupBaseUrl: sandbox.userGroupBaseUrl,
      projectApiUrl: sandbox.projectApiUrl,
      credentials: sandbox.credentials,
    },
  );
}

async function readyTime(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const check = () => {
            const mark = performance.getEntriesByName('popup-ready')[0];
            if (mark) resolve(mark.startTime);
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
  } finally {
    await page.close();
  }
}

async function popupReady(context: BrowserContext, origin: string, tabId: number) {
  const popup: number[] = [];
  const empty: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    popup.push(await readyTime(context, `${origin}popup.html?tabId=${tabId}`));
    empty.push(await readyTime(context, `${origin}bench-empty.html`));
  }
  return { popup: median(popup), empty: median(empty) };
}

/** Click "Create project" and wait, inside the page, until the project id is in the DOM. */
function clickAndWaitForId(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (document.getElementById('project-id')) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
        document.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
      }),
  );
}

async function roundTrip(context: BrowserContext, origin: string, tabId: number, sandbox: Sandbox) {
  const extension: number[] = [];
  const plain: number[] = [];
  const page = await context.newPage();
  await page.goto(sandbox.pageUrl('bench-baseline', 'Baseline'));
  for (let run = 0; run < RUNS; run += 1) {
    const popup = await context.newPage();
    await popup.goto(`${origin}popup.html?tabId=${tabId}`);
    // A new address each run: a repeated one would (rightly) ask "Register again" first.
    await popup.getByLabel('Project URL', { exact: true }).fill(`${sandbox.pageUrl('bench-target')}?run=${run}`);
    await popup.getByRole('button', { name: 'Create project' }).waitFor();
    extension.push(await clickAndWaitForId(popup));
    await popup.close();
    plain.push(
      await page.evaluate(
        async (values) => {
          const start = performance.now();
          const response = await fetch(`${values.projectApiUrl}/`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'x-service-api-key': values.apiKey,
              'x-service-auth-token': values.authToken,
            },
            body: JSON.stringify({ data: { projectUrl: location.href, projectName: 'Baseline' } }),
          });
          await response.json();
          return performance.now() - start;
        },
        {
          projectApiUrl: sandbox.projectApiUrl,
          apiKey: sandbox.credentials.apiKey,
          authToken: sandbox.credentials.authToken,
        },
      ),
    );
  }
  await page.close();
  return { extension: median(extension), plain: median(plain) };
}

async function seedGroups(worker: Worker, workspaceId: string, count: number) {
  await worker.evaluate(
    async ({ total, scope }) => {
      const groups = Array.from({ length: total }, (_, index) => ({
        team_id: 1000 + index,
        token: `ugt_${index.toString(16).padStart(32, '0')}`,
        name: `Group ${index}`,
        provided_id: `group-${index}`,
        environment: index % 3 === 0 ? 'Testing' : 'Customer',
        createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
        lastRotatedAt: null,
        extra: {},
      }));
      // Spread over the registry's 256 stored parts (lib/storage/registry/registry-parts.ts). Which part a
      // group is read from does not matter; the background re-files a group in its own part when it changes.
      const parts: Record<string, { groups: typeof groups }> = {};
      groups.forEach((group, index) =>
        (parts[`${scope}userGroups.${String(index % 256).padStart(3, '0')}`] ??= { groups: [] }).groups.push(group),
      );
      await chrome.storage.local.set(parts);
    },
    { total: count, scope: `ws.${workspaceId}.` },
  );
}

/**
 * The scale case: WORKSPACES workspaces of `count` groups each, the first (shown, last used) among them.
 * The others get a connection too, so that nothing about them is empty or unusual.
 */
async function seedWorkspaces(worker: Worker, sandbox: Sandbox, firstId: string, count: number) {
  const ids = [
    firstId,
    ...Array.from({ length: WORKSPACES - 1 }, (_, index) => `bench-${String(index + 2).padStart(2, '0')}`),
  ];
  await worker.evaluate(async (all) => {
    const { workspaces } = await chrome.storage.local.get<{
      workspaces: { workspaces: { id: string; name: string; createdAt: string }[] };
    }>('workspaces');
    const first = workspaces.workspaces[0]!;
    const others = all.slice(1).map((id, index) => ({ id, name: `Client ${index + 2}`, createdAt: first.createdAt }));
    await chrome.storage.local.set({ workspaces: { workspaces: [first, ...others] }, lastUsedWorkspace: first.id });
  }, ids);
  for (const id of ids) {
    await seedConnection(worker, sandbox, id);
    await seedGroups(worker, id, count);
  }
}

/** In the page: when the first data row appears, and how long each search keystroke takes to repaint the list. */
const OPTIONS_PROBE = `
  window.__firstRow = undefined;
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role=row][aria-rowindex="2"]')) { window.__firstRow = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('keydown', () => { window.__keyAt = performance.now(); }, true);
  window.__work = [];
`;

/**
 * The page already open on another section (its stores loaded), the user clicks User groups: the
 * time from the click to the first row (issue 15's "first row after navigation").
 */
async function firstRowAfterNavigation(page: Page): Promise<number> {
  await page.getByRole('link', { name: 'Start', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: /^(Start|Welcome to Review Companion)$/ }).waitFor();
  const link = page
    .getByRole('navigation', { name: 'Settings sections' })
    .getByRole('link', { name: 'User groups', exact: true });
  await link.evaluate((element) => {
    const probe = window as unknown as { __navigated?: Promise<number> };
    probe.__navigated = new Promise<number>((resolve) => {
      element.addEventListener(
        'click',
        () => {
          const clickedAt = performance.now();
          const observer = new MutationObserver(() => {
            if (!document.querySelector('[role=row][aria-rowindex="2"]')) return;
            observer.disconnect();
            resolve(performance.now() - clickedAt);
          });
          observer.observe(document, { childList: true, subtree: true });
        },
        { once: true },
      );
    });
  });
  await link.click();
  return page.evaluate(() => (window as unknown as { __navigated: Promise<number> }).__navigated);
}

async function optionsWithManyGroups(context: BrowserContext, origin: string) {
  const firstRow: number[] = [];
  const navigation: number[] = [];
  const keystroke: number[] = [];
  const work: number[] = [];
  for (let run = 0; run < Math.max(5, Math.round(RUNS / 2)); run += 1) {
    const page = await context.newPage();
    await page.addInitScript(OPTIONS_PROBE);
    await page.goto(`${origin}options.html#groups`);
    await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined);
    firstRow.push(await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow));
    const search = page.getByLabel('Search user groups');
    await search.focus();
    // Every one of these keystrokes changes the set of matching groups, so each one repaints the list.
    for (const key of ['9', '9', '9', '9', 'Backspace', 'Backspace', 'Backspace', 'Backspace']) {
      // Observe first (and wait until the observer exists), then type: the press cannot overtake it.
      await page.evaluate(() => {
        const probe = window as unknown as { __keyAt: number; __settled?: Promise<number> };
        const section = document.querySelector('section[aria-labelledby="groups-heading"]')!;
        const counter = [...section.querySelectorAll('p')].find((p) => p.textContent?.startsWith('Showing'))!;
        probe.__settled = new Promise<number>((resolve, reject) => {
          setTimeout(
            () =>
              reject(
                new Error(`the list did not update within 5 s of a keystroke (counter: ${counter.textContent ?? ''})`),
              ),
            5000,
          );
          const observer = new MutationObserver(() => {
            observer.disconnect();
            // The page's own work ends here (React has committed); the next frame then paints it.
            (window as unknown as { __work: number[] }).__work.push(performance.now() - probe.__keyAt);
            requestAnimationFrame(() => resolve(performance.now() - probe.__keyAt));
          });
          observer.observe(counter, { childList: true, characterData: true, subtree: true });
        });
      });
      await page.keyboard.press(key);
      keystroke.push(await page.evaluate(() => (window as unknown as { __settled: Promise<number> }).__settled));
    }
    work.push(...(await page.evaluate(() => (window as unknown as { __work: number[] }).__work)));
    navigation.push(await firstRowAfterNavigation(page));
    await page.close();
  }
  return {
    firstRow: median(firstRow),
    navigation: median(navigation),
    keystroke: median(keystroke),
    keystrokeWork: median(work),
  };
}

async function main() {
  const extensionDir = await buildWithBaselinePage();
  const sandbox = await startSandbox({ port: 0 });
  const { context, worker, origin, profile } = await launch(extensionDir);
  try {
    const workspaceId = await firstWorkspaceId(worker);
    await seedConnection(worker, sandbox, workspaceId);
    const target = await context.newPage();
    await target.goto(sandbox.pageUrl('bench-target', 'A page to register'));
    const tabId = await worker.evaluate(
      async (url) => (await chrome.tabs.query({})).find((tab) => tab.url === url)!.id!,
      target.url(),
    );

    const ready = ONLY.has('popup') ? await popupReady(context, origin, tabId) : skipped;
    const trip = ONLY.has('trip') ? await roundTrip(context, origin, tabId, sandbox) : skipped;
    if (ONLY.has('options')) await seedGroups(worker, workspaceId, GROUPS);
    const options = ONLY.has('options') ? await optionsWithManyGroups(context, origin) : skipped;
    if (ONLY.has('activity')) await seedActivity(worker);
    const activity = ONLY.has('activity')
      ? await activityFirstRow(context, origin, OPTIONS_PROBE, Math.max(5, Math.round(RUNS / 2)))
      : NaN;
    const bulk = ONLY.has('bulk')
      ? await measureBulkCreate(context, origin, workspaceId, sandbox, Number(process.env.BENCH_BULK_ROWS ?? BULK_ROWS))
      : skipped;
    // Last: 20 workspaces of 10,000 groups each. The popup loads no registry; the options page only the shown one.
    if (ONLY.has('scale')) await seedWorkspaces(worker, sandbox, workspaceId, GROUPS);
    const scaleReady = ONLY.has('scale') ? await popupReady(context, origin, tabId) : skipped;
    const scaleOptions = ONLY.has('scale') ? await optionsWithManyGroups(context, origin) : skipped;
    const sizes = measureBuild('.output/chrome-mv3');

    const rows: [string, string, string, string][] = [
      [
        'Popup ready (form filled, button enabled)',
        ms(ready.popup),
        `empty extension page ${ms(ready.empty)}`,
        `${(ready.popup / ready.empty).toFixed(2)}×`,
      ],
      [
        'Create project round trip (click → id shown)',
        ms(trip.extension),
        `plain fetch ${ms(trip.plain)}`,
        `${(trip.extension / trip.plain).toFixed(2)}×`,
      ],
      [
        `Options, ${GROUPS.toLocaleString('en')} groups: first row (page opened at #groups)`,
        ms(options.firstRow),
        '',
        '',
      ],
      [
        `Options, ${GROUPS.toLocaleString('en')} groups: first row after navigation (Start → User groups)`,
        ms(options.navigation),
        '',
        '',
      ],
      [
        `Options, ${GROUPS.toLocaleString('en')} groups: keystroke → list updated`,
        ms(options.keystroke),
        `of which the page's work ${ms(options.keystrokeWork)}`,
        '',
      ],
      [
        `Options, ${ACTIVITY_ENTRIES.toLocaleString('en')} activity entries: first row (page opened at #activity)`,
        ms(activity),
        '',
        '',
      ],
      [
        `Bulk create ${bulk.count.toLocaleString('en')} groups, throttle off`,
        ms(bulk.extension),
        `Node fetch loop ${ms(bulk.plain)}`,
        `${(bulk.extension / bulk.plain).toFixed(2)}×`,
      ],
      [
        `${WORKSPACES} workspaces × ${GROUPS.toLocaleString('en')} groups: popup ready`,
        ms(scaleReady.popup),
        `empty extension page ${ms(scaleReady.empty)}`,
        `${(scaleReady.popup / scaleReady.empty).toFixed(2)}×`,
      ],
      [
        `${WORKSPACES} workspaces × ${GROUPS.toLocaleString('en')} groups: options first row`,
        ms(scaleOptions.firstRow),
        '',
        '',
      ],
      [
        `${WORKSPACES} workspaces × ${GROUPS.toLocaleString('en')} groups: first row after navigation`,
        ms(scaleOptions.navigation),
        '',
        '',
      ],
      [
        `${WORKSPACES} workspaces × ${GROUPS.toLocaleString('en')} groups: keystroke → list updated`,
        ms(scaleOptions.keystroke),
        '',
        '',
      ],
      ...sizes.map((size): [string, string, string, string] => [
        `JS size: ${size.entry}`,
        `${kb(size.gzip)} gzip`,
        `${kb(size.raw)} raw`,
        '',
      ]),
    ];
    const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Chromium ${context.browser()?.version() ?? ''}, ${RUNS} runs`;
    console.log(`\nReview Companion benchmark — ${machine}\n`);
    console.log('| measure | result | baseline | ratio |\n| --- | --- | --- | --- |');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    await mkdir('bench-results', { recursive: true });
    const file = path.join('bench-results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          machine,
          runs: RUNS,
          ready,
          trip,
          options,
          activity: { entries: ACTIVITY_ENTRIES, firstRow: activity },
          bulk,
          scale: { workspaces: WORKSPACES, groups: GROUPS, ready: scaleReady, options: scaleOptions },
          sizes,
        },
        null,
        2,
      ),
    );
    console.log(`\nwritten: ${file}`);
  } finally {
    await context.close();
    await sandbox.close();
    await rm(profile, { recursive: true, force: true });
    await rm(extensionDir, { recursive: true, force: true });
  }
}

await main();
