// `npm run bench`: measures the built extension in headless Chromium against the sandbox and prints a
// table; results go to bench-results/ (not committed). Timings are medians over interleaved runs with
// their baselines. Nothing here is asserted: timings depend on the machine.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { startSandbox, type Sandbox } from '../sandbox/server.ts';
import {
  buildWithBaselinePage,
  firstWorkspaceId,
  GROUPS,
  launch,
  median,
  ms,
  refreshStoredView,
  seedConnection,
  seedGroups,
  seedWorkspaces,
  WORKSPACES,
} from './bench-setup.ts';
import { kb, measureBuild } from './bundle-sizes.ts';
import { TARGETS, verdict } from './targets.ts';
import { BULK_ROWS, measureBulkCreate, type BulkFigures } from './bulk-create.ts';
import { ACTIVITY_ENTRIES, activityFirstRow, seedActivity } from './activity.ts';
import { connectWorkerHeap, mb, pageHeap } from './memory.ts';
import { clickToStatus, OPTIONS_PROBE, POPUP_MARKS, readyMarks, readyTime, type PopupMarks } from './page-probes.ts';
import { stopServiceWorker } from '../e2e/fixtures/service-worker.ts';

/** The extension API inside `worker.evaluate` callbacks, which run in the service worker. */
declare const chrome: typeof ExtensionApi;

const RUNS = Number(process.env.BENCH_RUNS ?? 25);
/** `BENCH_ONLY=popup,cold,trip,options,lock,activity,bulk,scale` runs only those measures (all by default); sizes are always shown. */
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'popup,cold,trip,options,lock,activity,bulk,scale').split(',').map((name) => name.trim()),
);
/**
 * `BENCH_GUARD=1` (npm test, a few runs): fail when a ratio is far over its target: more than
 * GUARD_MARGIN times it, so that a noisy machine does not fail it. Absolute times are not guarded (they
 * follow the machine); the bundle sizes are, by test/check-size-budgets.ts.
 */
const GUARD = process.env.BENCH_GUARD === '1';
const GUARD_MARGIN = 2;

function guardBreaches(ratios: {
  popup: number;
  cold: number;
  trip: number;
  scale: number;
  scaleCold: number;
}): string[] {
  const checks: [string, number, number][] = [
    ['popup ready / empty page', ratios.popup, TARGETS.popupRatio.limit],
    ['popup ready / empty page, the worker stopped first', ratios.cold, TARGETS.popupRatio.limit],
    ['create project round trip / plain fetch', ratios.trip, TARGETS.tripRatio.limit],
    ['20 workspaces: popup ready / empty page', ratios.scale, TARGETS.popupRatio.limit],
    ['20 workspaces: popup ready / empty page, the worker stopped first', ratios.scaleCold, TARGETS.popupRatio.limit],
  ];
  return checks
    .filter(([, value, limit]) => Number.isFinite(value) && value > limit * GUARD_MARGIN)
    .map(
      ([name, value, limit]) =>
        `Performance guard: ${name} is ${value.toFixed(2)}×, over ${GUARD_MARGIN} × its target ${limit}× (issue 25; npm run bench for the full table).`,
    );
}

const skipped = {
  popup: NaN,
  empty: NaN,
  split: {} as PopupMarks,
  extension: NaN,
  plain: NaN,
  firstRow: NaN,
  navigation: NaN,
  keystroke: NaN,
  keystrokeWork: NaN,
  lockOn: NaN,
  unlock: NaN,
  lockOff: NaN,
  heap: NaN,
  count: 0,
  workerHeap: { idle: NaN, peak: NaN, retained: NaN },
};
/** Each lock run seals and opens the whole registry: a few are enough (the median is printed). */
const LOCK_RUNS = Math.min(RUNS, 3);
/** Each mark's median over the runs (ms since navigation start). */
const medianMarks = (runs: PopupMarks[]): PopupMarks =>
  Object.fromEntries(
    POPUP_MARKS.map((name) => [
      name,
      median(runs.flatMap((marks) => (marks[name] === undefined ? [] : [marks[name]]))),
    ]),
  );

/**
 * The popup and the empty page, interleaved, `runs` times each; `before` runs before each opening of
 * either (stopping the worker for the cold rows). With the popup's split: when the tab and the stored
 * view were in, the state ready to draw, ready, and (after ready) React's UI run.
 */
async function popupAgainstEmpty(
  context: BrowserContext,
  origin: string,
  tabId: number,
  runs: number,
  before: () => Promise<void> = () => Promise.resolve(),
) {
  const popup: PopupMarks[] = [];
  const empty: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await before();
    popup.push(await readyMarks(context, `${origin}popup.html?tabId=${tabId}`, ['popup-ready', 'popup-ui']));
    await before();
    empty.push(await readyTime(context, `${origin}bench-empty.html`));
  }
  const split = medianMarks(popup);
  return { popup: split['popup-ready'] ?? NaN, empty: median(empty), split };
}

const popupReady = (context: BrowserContext, origin: string, tabId: number) =>
  popupAgainstEmpty(context, origin, tabId, RUNS);

/**
 * The popup opened on a stopped worker, as most openings are (the browser stops an idle worker after 30
 * s), against the empty page opened on a stopped worker too: a stopped worker often leaves no extension
 * process, and a page of the extension starts one, the empty page as much as the popup. Issue 37: the
 * same ≤ 1.4× target as with the worker running.
 */
const coldPopupReady = (context: BrowserContext, origin: string, tabId: number, page: Page) =>
  popupAgainstEmpty(context, origin, tabId, Math.min(RUNS, 15), () => stopServiceWorker({ context }, page));

/** The popup's split, as a table cell: each path's mark, in ms since navigation start. */
const splitText = (split: PopupMarks) =>
  `tab ${ms(split['popup-tab'] ?? NaN)}, stored view ${ms(split['popup-view'] ?? NaN)}, state ${ms(split['popup-state'] ?? NaN)}; after ready, React's UI ${ms(split['popup-ui'] ?? NaN)}`;

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
  let heap = NaN;
  const runs = Math.max(5, Math.round(RUNS / 2));
  for (let run = 0; run < runs; run += 1) {
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
    // Once, at the end: every part read and the search index built by now.
    if (run === runs - 1) heap = await pageHeap(context, page);
    await page.close();
  }
  return {
    heap,
    firstRow: median(firstRow),
    navigation: median(navigation),
    keystroke: median(keystroke),
    keystrokeWork: median(work),
  };
}

/**
 * The passphrase lock with the registry seeded (issue 24: under 1 s each): Turn on protection (seals every
 * workspace's credentials and every group token, then writes the whole registry) and Unlock (derives the
 * key, 600,000 PBKDF2 rounds, opens the store), each timed from the click to the page's status message.
 * Then the lock goes off again, so the measures after it run unlocked.
 */
async function lockWithManyGroups(context: BrowserContext, origin: string) {
  const passphrase = 'bench passphrase 2026';
  const lockOn: number[] = [];
  const unlock: number[] = [];
  const lockOff: number[] = [];
  const page = await context.newPage();
  await page.goto(`${origin}options.html#connection`);
  const region = page.getByRole('region', { name: 'Passphrase lock' });
  const field = region.getByLabel('Passphrase', { exact: true });
  const button = (name: string) => region.getByRole('button', { name, exact: true });
  for (let run = 0; run < LOCK_RUNS; run += 1) {
    await region.getByRole('checkbox', { name: 'Protect credentials with a passphrase' }).check();
    await field.fill(passphrase);
    await region.getByLabel('Confirm passphrase', { exact: true }).fill(passphrase);
    lockOn.push(await clickToStatus(region, button('Turn on protection'), 'Protection is on'));
    await button('Lock now').click();
    await field.waitFor();
    await field.fill(passphrase);
    unlock.push(await clickToStatus(region, button('Unlock'), 'Unlocked.'));
    await region.getByRole('checkbox', { name: 'Protect credentials with a passphrase' }).uncheck();
    await field.fill(passphrase);
    lockOff.push(await clickToStatus(region, button('Turn off protection'), 'Protection is off'));
  }
  await page.close();
  return { lockOn: median(lockOn), unlock: median(unlock), lockOff: median(lockOff) };
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
    await refreshStoredView(context, origin);

    const ready = ONLY.has('popup') ? await popupReady(context, origin, tabId) : skipped;
    const cold = ONLY.has('cold') ? await coldPopupReady(context, origin, tabId, target) : skipped;
    const trip = ONLY.has('trip') ? await roundTrip(context, origin, tabId, sandbox) : skipped;
    if (ONLY.has('options') || ONLY.has('lock')) await seedGroups(worker, workspaceId, GROUPS);
    const options = ONLY.has('options') ? await optionsWithManyGroups(context, origin) : skipped;
    const lock = ONLY.has('lock') ? await lockWithManyGroups(context, origin) : skipped;
    if (ONLY.has('activity')) await seedActivity(worker);
    const activity = ONLY.has('activity')
      ? await activityFirstRow(context, origin, OPTIONS_PROBE, Math.max(5, Math.round(RUNS / 2)))
      : NaN;
    let bulk: BulkFigures = skipped;
    if (ONLY.has('bulk')) {
      const heap = await connectWorkerHeap(profile, origin);
      try {
        const rows = Number(process.env.BENCH_BULK_ROWS ?? BULK_ROWS);
        bulk = await measureBulkCreate(context, origin, workspaceId, sandbox, heap, rows);
      } finally {
        heap.close();
      }
    }
    // Last: 20 workspaces of 10,000 groups each. The popup loads no registry; the options page only the shown one.
    if (ONLY.has('scale')) {
      await seedWorkspaces(worker, sandbox, workspaceId, GROUPS);
      await refreshStoredView(context, origin, WORKSPACES);
    }
    const scaleReady = ONLY.has('scale') ? await popupReady(context, origin, tabId) : skipped;
    const scaleCold =
      ONLY.has('scale') && ONLY.has('cold') ? await coldPopupReady(context, origin, tabId, target) : skipped;
    const scaleOptions = ONLY.has('scale') ? await optionsWithManyGroups(context, origin) : skipped;
    const sizes = measureBuild('.output/chrome-mv3');

    const popupRatio = ready.popup / ready.empty;
    const coldRatio = cold.popup / cold.empty;
    const tripRatio = trip.extension / trip.plain;
    const scaleRatio = scaleReady.popup / scaleReady.empty;
    const scaleColdRatio = scaleCold.popup / scaleCold.empty;
    const sizeTarget = { popup: TARGETS.popupGzip, options: TARGETS.optionsGzip, background: TARGETS.backgroundGzip };
    const groups = GROUPS.toLocaleString('en');
    const scale = `${WORKSPACES} workspaces × ${groups} groups`;
    // measure | result | baseline | ratio | target (✓ met, MISS over it)
    const rows: [string, string, string, string, string][] = [
      [
        'Popup ready (form filled, button enabled)',
        ms(ready.popup),
        `empty extension page ${ms(ready.empty)}`,
        `${popupRatio.toFixed(2)}×`,
        verdict(popupRatio, TARGETS.popupRatio),
      ],
      [
        'Popup: when each path was in (medians since navigation start)',
        ms(ready.split['popup-ready'] ?? NaN),
        splitText(ready.split),
        '',
        '',
      ],
      [
        'Popup ready, the worker stopped first (an opening after 30 s idle)',
        ms(cold.popup),
        `empty extension page, the worker stopped first ${ms(cold.empty)}`,
        `${coldRatio.toFixed(2)}×`,
        verdict(coldRatio, TARGETS.popupRatio),
      ],
      [
        'Popup, the worker stopped first: when each path was in',
        ms(cold.split['popup-ready'] ?? NaN),
        splitText(cold.split),
        '',
        '',
      ],
      [
        'Create project round trip (click → id shown)',
        ms(trip.extension),
        `plain fetch ${ms(trip.plain)}`,
        `${tripRatio.toFixed(2)}×`,
        verdict(tripRatio, TARGETS.tripRatio),
      ],
      [
        `Options, ${groups} groups: first row (page opened at #groups)`,
        ms(options.firstRow),
        '',
        '',
        verdict(options.firstRow, TARGETS.optionsFirstRow),
      ],
      [
        `Options, ${groups} groups: first row after navigation (Start → User groups)`,
        ms(options.navigation),
        '',
        '',
        verdict(options.navigation, TARGETS.navigationFirstRow),
      ],
      [
        `Options, ${groups} groups: keystroke → list updated (the page's work; next frame)`,
        ms(options.keystrokeWork),
        `next frame painted ${ms(options.keystroke)}`,
        '',
        verdict(options.keystrokeWork, TARGETS.keystrokeWork),
      ],
      [`Options, ${groups} groups: JS heap (after a garbage collection)`, mb(options.heap), '', '', ''],
      [
        `Passphrase lock, ${groups} groups: Turn on protection → on`,
        ms(lock.lockOn),
        '',
        '',
        verdict(lock.lockOn, TARGETS.lockOn),
      ],
      [
        `Passphrase lock, ${groups} groups: Unlock → unlocked`,
        ms(lock.unlock),
        '',
        '',
        verdict(lock.unlock, TARGETS.unlock),
      ],
      [
        `Passphrase lock, ${groups} groups: Turn off protection → off`,
        ms(lock.lockOff),
        '',
        '',
        verdict(lock.lockOff, TARGETS.unlock),
      ],
      [
        `Options, ${ACTIVITY_ENTRIES.toLocaleString('en')} activity entries: first row (page opened at #activity)`,
        ms(activity),
        '',
        '',
        '',
      ],
      [
        `Bulk create ${bulk.count.toLocaleString('en')} groups, throttle off`,
        ms(bulk.extension),
        `Node fetch loop ${ms(bulk.plain)}`,
        `${(bulk.extension / bulk.plain).toFixed(2)}×`,
        '',
      ],
      [
        `Bulk create ${bulk.count.toLocaleString('en')} groups: background worker's JS heap, largest sample (garbage included)`,
        mb(bulk.workerHeap.peak),
        `before the job, collected ${mb(bulk.workerHeap.idle)}`,
        '',
        '',
      ],
      [
        `Bulk create ${bulk.count.toLocaleString('en')} groups: background worker's JS heap after the job (after a garbage collection)`,
        mb(bulk.workerHeap.retained),
        `before the job, collected ${mb(bulk.workerHeap.idle)}`,
        '',
        '',
      ],
      [
        `${scale}: popup ready`,
        ms(scaleReady.popup),
        `empty extension page ${ms(scaleReady.empty)}`,
        `${scaleRatio.toFixed(2)}×`,
        verdict(scaleRatio, TARGETS.popupRatio),
      ],
      [
        `${scale}: popup ready, the worker stopped first`,
        ms(scaleCold.popup),
        `empty extension page, the worker stopped first ${ms(scaleCold.empty)}`,
        `${scaleColdRatio.toFixed(2)}×`,
        verdict(scaleColdRatio, TARGETS.popupRatio),
      ],
      [
        `${scale}: options first row`,
        ms(scaleOptions.firstRow),
        '',
        '',
        verdict(scaleOptions.firstRow, TARGETS.optionsFirstRow),
      ],
      [
        `${scale}: first row after navigation`,
        ms(scaleOptions.navigation),
        '',
        '',
        verdict(scaleOptions.navigation, TARGETS.navigationFirstRow),
      ],
      [`${scale}: options JS heap (after a garbage collection)`, mb(scaleOptions.heap), '', '', ''],
      [
        `${scale}: keystroke → list updated (the page's work; next frame)`,
        ms(scaleOptions.keystrokeWork),
        `next frame painted ${ms(scaleOptions.keystroke)}`,
        '',
        verdict(scaleOptions.keystrokeWork, TARGETS.keystrokeWork),
      ],
      ...sizes.map((size): [string, string, string, string, string] => [
        `JS size: ${size.entry}`,
        `${kb(size.gzip)} gzip`,
        `${kb(size.raw)} raw`,
        '',
        size.entry in sizeTarget ? verdict(size.gzip / 1000, sizeTarget[size.entry as keyof typeof sizeTarget]) : '',
      ]),
    ];
    const misses = rows.filter((row) => row[4].endsWith('**MISS**')).length;
    const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Chromium ${context.browser()?.version() ?? ''}, ${RUNS} runs`;
    console.log(`\nReview Companion benchmark — ${machine}\n`);
    console.log('| measure | result | baseline | ratio | target |\n| --- | --- | --- | --- | --- |');
    // A measure that BENCH_ONLY left out is NaN: it gets no row rather than a "NaN ms" one.
    for (const row of rows) if (!row[1].startsWith('NaN')) console.log(`| ${row.join(' | ')} |`);
    console.log(misses === 0 ? '\nEvery target measured is met.' : `\n${misses} target(s) missed (MISS above).`);
    await mkdir('bench-results', { recursive: true });
    const file = path.join('bench-results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          machine,
          runs: RUNS,
          ready,
          cold,
          trip,
          options,
          lock,
          activity: { entries: ACTIVITY_ENTRIES, firstRow: activity },
          bulk,
          scale: { workspaces: WORKSPACES, groups: GROUPS, ready: scaleReady, cold: scaleCold, options: scaleOptions },
          sizes,
        },
        null,
        2,
      ),
    );
    console.log(`\nwritten: ${file}`);
    if (GUARD) {
      const breaches = guardBreaches({
        popup: popupRatio,
        cold: coldRatio,
        trip: tripRatio,
        scale: scaleRatio,
        scaleCold: scaleColdRatio,
      });
      for (const breach of breaches) console.error(breach);
      if (breaches.length > 0) process.exitCode = 1;
      else console.log(`Guard: every ratio measured is within ${GUARD_MARGIN}× its target.`);
    }
  } finally {
    await context.close();
    await sandbox.close();
    await rm(profile, { recursive: true, force: true });
    await rm(extensionDir, { recursive: true, force: true });
  }
}

await main();
