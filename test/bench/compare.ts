// `node test/bench/compare.ts <build A> <build B>`: two builds of the extension side by side in ONE
// Chromium, their page loads interleaved (A, B, B, A, …), so that both see the same machine at the same
// moments. Prints each build's median and the median of the paired differences (B − A): on a noisy
// machine a change of a few ms shows in the pairs long before it shows in two separate bench runs.
// `COMPARE=options` (default): the options page opened at #groups with 10,000 groups, first row.
// `COMPARE=popup`: popup ready, and its ratio to the empty page of the same build. `COMPARE=cold`: the
// same with every worker stopped before each load (the popup's and the empty page's). `COMPARE_RUNS` (25).
// A build is a folder like .output/chrome-mv3-e2e (copy it aside before building the other one).
import { writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { startSandbox } from '../sandbox/server.ts';
import { stopServiceWorker } from '../e2e/fixtures/service-worker.ts';
import {
  buildWithBaselinePage,
  CHROMIUM_FLAGS,
  firstWorkspaceId,
  GROUPS,
  median,
  ms,
  refreshStoredView,
  seedConnection,
  seedGroups,
} from './bench-setup.ts';
import { OPTIONS_PROBE, readyTime } from './page-probes.ts';

declare const chrome: typeof ExtensionApi;

const MEASURE = process.env.COMPARE ?? 'options';
const RUNS = Number(process.env.COMPARE_RUNS ?? 25);
const [sourceA, sourceB] = process.argv.slice(2);
if (!sourceA || !sourceB || !['options', 'popup', 'cold'].includes(MEASURE)) {
  console.error('usage: COMPARE=options|popup|cold node test/bench/compare.ts <build A> <build B>');
  process.exit(2);
}

interface Side {
  name: 'A' | 'B';
  origin: string;
  tabId: number;
  results: number[];
  empty: number[];
}

/** Both builds in one browser; each copy carries a file that says which it is. */
async function launchBoth(dirs: Record<'A' | 'B', string>) {
  for (const [name, dir] of Object.entries(dirs)) await writeFile(path.join(dir, 'which-build.txt'), name);
  const profile = await mkdtemp(path.join(tmpdir(), 'rc-compare-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      `--disable-extensions-except=${dirs.A},${dirs.B}`,
      `--load-extension=${dirs.A},${dirs.B}`,
      ...CHROMIUM_FLAGS,
    ],
  });
  while (context.serviceWorkers().length < 2) await context.waitForEvent('serviceworker');
  const workers: Partial<Record<'A' | 'B', Worker>> = {};
  for (const worker of context.serviceWorkers()) {
    const name = await worker.evaluate(async () => (await fetch('/which-build.txt')).text());
    workers[name as 'A' | 'B'] = worker;
  }
  // The installs open their start pages: closed, so that they do not compete with what is measured.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const page of context.pages()) if (page.url().startsWith('chrome-extension://')) await page.close();
  return { context, workers: workers as Record<'A' | 'B', Worker> };
}

async function firstRow(context: BrowserContext, origin: string): Promise<number> {
  const page: Page = await context.newPage();
  try {
    await page.addInitScript(OPTIONS_PROBE);
    await page.goto(`${origin}options.html#groups`);
    await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined);
    return await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
  } finally {
    await page.close();
  }
}

async function main() {
  const dirs = { A: await buildWithBaselinePage(sourceA), B: await buildWithBaselinePage(sourceB) };
  const sandbox = await startSandbox({ port: 0 });
  const { context, workers } = await launchBoth(dirs);
  try {
    const target = await context.newPage();
    await target.goto(sandbox.pageUrl('bench-target', 'A page to register'));
    const sides: Side[] = [];
    for (const name of ['A', 'B'] as const) {
      const worker = workers[name];
      const workspaceId = await firstWorkspaceId(worker);
      await seedConnection(worker, sandbox, workspaceId);
      if (MEASURE === 'options') await seedGroups(worker, workspaceId, GROUPS);
      const tabId = await worker.evaluate(
        async (url) => (await chrome.tabs.query({})).find((tab) => tab.url === url)!.id!,
        target.url(),
      );
      const origin = `chrome-extension://${new URL(worker.url()).host}/`;
      await refreshStoredView(context, origin);
      sides.push({ name, origin, tabId, results: [], empty: [] });
    }
    const stop = () => (MEASURE === 'cold' ? stopServiceWorker({ context }, target) : Promise.resolve());
    const once = async (side: Side) => {
      if (MEASURE === 'options') return void side.results.push(await firstRow(context, side.origin));
      await stop();
      side.results.push(await readyTime(context, `${side.origin}popup.html?tabId=${side.tabId}`));
      await stop();
      side.empty.push(await readyTime(context, `${side.origin}bench-empty.html`));
    };
    // Two warm-up loads each (the first load of a build compiles and caches its code), not counted.
    for (const side of [...sides, ...sides]) await once(side);
    for (const side of sides) {
      side.results.splice(0);
      side.empty.splice(0);
    }
    for (let run = 0; run < RUNS; run += 1) for (const side of run % 2 ? sides : [...sides].reverse()) await once(side);

    const [a, b] = sides as [Side, Side];
    const pairs = a.results.map((value, index) => b.results[index]! - value);
    const label =
      MEASURE === 'options'
        ? 'options at #groups, 10,000 groups: first row'
        : MEASURE === 'cold'
          ? 'popup ready, the worker stopped first'
          : 'popup ready';
    console.log(`| ${label} (${RUNS} pairs) | A | B | B − A, median of the pairs |`);
    console.log('| --- | --- | --- | --- |');
    console.log(`| median | ${ms(median(a.results))} | ${ms(median(b.results))} | ${ms(median(pairs))} |`);
    if (MEASURE !== 'options')
      console.log(
        `| ratio to the empty page | ${(median(a.results) / median(a.empty)).toFixed(2)}× | ${(median(b.results) / median(b.empty)).toFixed(2)}× | |`,
      );
    console.log(`\nA: ${sourceA}\nB: ${sourceB}`);
  } finally {
    await context.close();
    await sandbox.close();
  }
}

await main();
