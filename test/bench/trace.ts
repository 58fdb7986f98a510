// `node test/bench/trace.ts`: where the time of each benchmark measure goes, from Chrome traces of the
// e2e build (CDP Tracing). For each measure it prints the median split of the page's main thread
// (trace-breakdown.ts), the busy time of the background's service worker in the same window, and the
// extension API calls the page waited for (api-probe.ts). The tables of docs/performance.md come from
// here. `TRACE_RUNS` (default 7) loads per measure; `TRACE_ONLY=popup,cold,trip,options,keystroke,scale,activity`
// (`cold`: the popup and the empty page, the worker stopped before each load).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { startSandbox } from '../sandbox/server.ts';
import { seedActivity } from './activity.ts';
import { API_PROBE, type ApiCall } from './api-probe.ts';
import {
  buildWithBaselinePage,
  firstWorkspaceId,
  GROUPS,
  launch,
  median,
  refreshStoredView,
  seedConnection,
  seedGroups,
  seedWorkspaces,
} from './bench-setup.ts';
import {
  KINDS,
  medianBreakdown,
  threadBreakdown,
  threadNames,
  TRACE_CATEGORIES,
  type Kind,
  type TraceEvent,
} from './trace-breakdown.ts';
import { loadFiles, medianFiles, type LoadFiles } from './trace-files.ts';
import { stopServiceWorker } from '../e2e/fixtures/service-worker.ts';

declare const chrome: typeof ExtensionApi;

const RUNS = Number(process.env.TRACE_RUNS ?? 7);
const ONLY = new Set((process.env.TRACE_ONLY ?? 'popup,cold,trip,options,keystroke,scale,activity').split(','));

let dumps = 0;

async function traced<T>(page: Page, context: BrowserContext, run: () => Promise<T>) {
  const cdp: CDPSession = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (event) => events.push(...(event.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        ...TRACE_CATEGORIES,
        ...(process.env.TRACE_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
      ],
    },
  });
  const value = await run();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  if (process.env.TRACE_DUMP)
    await writeFile(`${process.env.TRACE_DUMP}-${(dumps += 1)}.json`, JSON.stringify({ traceEvents: events }));
  return { value, events };
}

interface Window_ {
  /** pid and tid of the page's main thread, and the window in trace microseconds. */
  pid: number;
  tid: number;
  start: number;
  end: number;
}

/** The window from a mark to another in one renderer (the first `from` after `after`). */
function windowOf(events: TraceEvent[], from: string, to: string, urlPart?: string): Window_ | undefined {
  const starts = events.filter(
    (event) =>
      event.name === from &&
      (urlPart === undefined ||
        String((event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL).includes(urlPart)),
  );
  for (const begin of starts) {
    const finish = events.find(
      (event) => event.name === to && event.pid === begin.pid && event.tid === begin.tid && event.ts >= begin.ts,
    );
    if (finish) return { pid: begin.pid, tid: begin.tid, start: begin.ts, end: finish.ts };
  }
  return undefined;
}

function workerBusy(events: TraceEvent[], window: Window_): number {
  const names = threadNames(events);
  let busy = 0;
  for (const [key, name] of names) {
    if (name !== 'ServiceWorker thread') continue;
    const [pid, tid] = key.split(':').map(Number) as [number, number];
    const split = threadBreakdown(events, pid, tid, window.start, window.end);
    busy += KINDS.filter((kind) => kind !== 'waiting (storage, messages, network, frames)').reduce(
      (sum, kind) => sum + split[kind],
      0,
    );
  }
  return busy;
}

interface Sample {
  total: number;
  navigation: number;
  split: Record<Kind, number>;
  worker: number;
  calls: ApiCall[];
  /** A page load's files (trace-files.ts); none for a window inside a loaded page. */
  files?: LoadFiles;
}

/**
 * The page load ending at `mark`: from its time origin (navigation start, which Chromium 156 no longer
 * traces as an event: the mark's own startTime is relative to it) to the mark, on the mark's thread.
 */
function loadWindow(events: TraceEvent[], mark: string): Window_ | undefined {
  const end = events.find((event) => event.name === mark && event.args?.data !== undefined);
  const startTime = (end?.args?.data as { startTime?: number } | undefined)?.startTime;
  if (!end || startTime === undefined) return undefined;
  return { pid: end.pid, tid: end.tid, start: end.ts - startTime * 1000, end: end.ts };
}

/** A page load from navigationStart to `mark`: navigation (to domLoading), then the main thread's split. */
async function tracePageLoad(context: BrowserContext, url: string, mark: string, probe = '') {
  const page = await context.newPage();
  await page.addInitScript(API_PROBE + probe);
  const { events } = await traced(page, context, async () => {
    await page.goto(url);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark);
  });
  const calls = await page.evaluate(() => (window as unknown as { __apiCalls?: ApiCall[] }).__apiCalls ?? []);
  await page.close();
  const load = loadWindow(events, mark);
  if (!load) {
    const saved = path.join(tmpdir(), 'failed-trace.json');
    await writeFile(saved, JSON.stringify({ traceEvents: events }));
    throw new Error(`no trace window for ${url} (its trace: ${saved})`);
  }
  // Where the page's own work begins: its first HTML parse (Chromium no longer traces domLoading).
  const domLoading = events.find(
    (event) =>
      (event.name === 'domLoading' || event.name === 'ParseHTML') &&
      event.pid === load.pid &&
      event.tid === load.tid &&
      event.ts >= load.start,
  ) ?? { ts: load.start };
  const split = threadBreakdown(events, load.pid, load.tid, domLoading.ts, load.end);
  return {
    total: (load.end - load.start) / 1000,
    navigation: (domLoading.ts - load.start) / 1000,
    split,
    worker: workerBusy(events, load),
    calls,
    files: loadFiles(events, load.pid, load.tid, load.start, load.end),
  } satisfies Sample;
}

function table(title: string, samples: Sample[]): string {
  const split = medianBreakdown(samples.map((sample) => sample.split));
  const lines = [
    `### ${title} (median of ${samples.length})`,
    '',
    '| where | ms |',
    '| --- | --- |',
    `| **total** | **${median(samples.map((sample) => sample.total)).toFixed(1)}** |`,
    `| navigation to the page's first byte parsed (browser) | ${median(samples.map((sample) => sample.navigation)).toFixed(1)} |`,
    ...KINDS.filter((kind) => split[kind] >= 0.05).map((kind) => `| ${kind} | ${split[kind].toFixed(1)} |`),
    `| *background service worker busy meanwhile* | *${median(samples.map((sample) => sample.worker)).toFixed(1)}* |`,
  ];
  const loads = samples.flatMap((sample) => (sample.files ? [sample.files] : []));
  if (loads.length > 0) {
    const { files, firstScriptRan } = medianFiles(loads);
    lines.push('', "The page's files, median ms since navigation start: asked for → first byte → arrived:", '');
    for (const file of files)
      lines.push(
        `- ${file.name}: ${[file.requested, file.firstByte, file.finished].map((at) => at.toFixed(1)).join(' → ')}`,
      );
    lines.push(`- first script began to run: ${firstScriptRan.toFixed(1)}`);
  }
  const calls = samples.at(-1)!.calls.filter((call) => Number.isFinite(call.end));
  if (calls.length > 0) {
    lines.push('', 'Extension API calls of the last load (ms since navigation start):', '');
    for (const call of calls)
      lines.push(
        `- ${call.name}${call.detail ? ` (${call.detail})` : ''}: ${call.start.toFixed(1)} → ${call.end.toFixed(1)} (${(call.end - call.start).toFixed(1)})`,
      );
  }
  return lines.join('\n');
}

const FIRST_ROW_PROBE = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role=row][aria-rowindex="2"]')) { performance.mark('rc-first-row'); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
`;

/** One traced keystroke in the search field: keydown → the counter changed (rc-list) → the next frame (rc-frame). */
async function traceKeystroke(context: BrowserContext, page: Page, key: string) {
  await page.evaluate(() => {
    performance.clearMarks();
    const counter = [...document.querySelectorAll('section[aria-labelledby="groups-heading"] p')].find((p) =>
      p.textContent?.startsWith('Showing'),
    )!;
    document.addEventListener('keydown', () => performance.mark('rc-key'), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      observer.disconnect();
      performance.mark('rc-list');
      requestAnimationFrame(() => performance.mark('rc-frame'));
    });
    observer.observe(counter, { childList: true, characterData: true, subtree: true });
  });
  const { events } = await traced(page, context, async () => {
    await page.keyboard.press(key);
    await page.waitForFunction(() => performance.getEntriesByName('rc-frame').length > 0);
  });
  const window = windowOf(events, 'rc-key', 'rc-frame')!;
  const list = events.find((event) => event.name === 'rc-list' && event.pid === window.pid)!;
  return {
    total: (window.end - window.start) / 1000,
    navigation: (list.ts - window.start) / 1000,
    split: threadBreakdown(events, window.pid, window.tid, window.start, window.end),
    worker: 0,
    calls: [],
  } satisfies Sample;
}

async function main() {
  const extensionDir = await buildWithBaselinePage();
  const sandbox = await startSandbox({ port: 0 });
  const { context, worker, origin, profile } = await launch(extensionDir);
  const out: string[] = [];
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
    const popupUrl = `${origin}popup.html?tabId=${tabId}`;
    const popupLoads = async (label: string, before: () => Promise<void> = () => Promise.resolve()) => {
      const popup: Sample[] = [];
      const empty: Sample[] = [];
      await tracePageLoad(context, popupUrl, 'popup-ready'); // warm-up
      for (let run = 0; run < RUNS; run += 1) {
        await before();
        popup.push(await tracePageLoad(context, popupUrl, 'popup-ready'));
        await before();
        empty.push(await tracePageLoad(context, `${origin}bench-empty.html`, 'popup-ready'));
      }
      out.push(table(`Popup ready${label}`, popup), table(`Empty extension page${label}`, empty));
    };
    if (ONLY.has('popup')) await popupLoads('');
    if (ONLY.has('cold')) await popupLoads(', the worker stopped first', () => stopServiceWorker({ context }, target));

    if (ONLY.has('trip')) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS + 1; run += 1) {
        const popup = await context.newPage();
        await popup.goto(popupUrl);
        await popup.getByLabel('Project URL', { exact: true }).fill(`${sandbox.pageUrl('trace-target')}?run=${run}`);
        const { events } = await traced(popup, context, () =>
          popup.evaluate(
            () =>
              new Promise<void>((resolve) => {
                const observer = new MutationObserver(() => {
                  if (!document.getElementById('project-id')) return;
                  observer.disconnect();
                  performance.mark('rc-id-shown');
                  resolve();
                });
                observer.observe(document.body, { childList: true, subtree: true });
                performance.mark('rc-click');
                document.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
              }),
          ),
        );
        await popup.close();
        const window = windowOf(events, 'rc-click', 'rc-id-shown')!;
        if (run === 0) continue; // warm-up
        samples.push({
          total: (window.end - window.start) / 1000,
          navigation: 0,
          split: threadBreakdown(events, window.pid, window.tid, window.start, window.end),
          worker: workerBusy(events, window),
          calls: [],
        });
      }
      out.push(table('Create project round trip (click → id shown)', samples));
    }

    if (ONLY.has('options') || ONLY.has('keystroke')) {
      await seedGroups(worker, workspaceId, GROUPS);
      const optionsLoads = async (label: string) => {
        const loads: Sample[] = [];
        const keys: Sample[] = [];
        const load = () => tracePageLoad(context, `${origin}options.html#groups`, 'rc-first-row', FIRST_ROW_PROBE);
        await load(); // warm-up
        for (let run = 0; run < RUNS; run += 1) {
          if (ONLY.has('options')) loads.push(await load());
          if (ONLY.has('keystroke')) {
            const page = await context.newPage();
            await page.addInitScript(FIRST_ROW_PROBE);
            await page.goto(`${origin}options.html#groups`);
            await page.waitForFunction(() => performance.getEntriesByName('rc-first-row').length > 0);
            await page.getByLabel('Search user groups').focus();
            // Let the page finish loading the rest of the registry before typing, as a user would.
            await page.waitForTimeout(1500);
            for (const key of ['9', '9', 'Backspace', 'Backspace']) keys.push(await traceKeystroke(context, page, key));
            await page.close();
          }
        }
        if (loads.length > 0) out.push(table(`Options opened at #groups, first row${label}`, loads));
        if (keys.length > 0)
          out.push(
            table(`Keystroke in the search → list updated → next frame${label}`, keys).replace(
              "navigation to the page's first byte parsed (browser)",
              'keydown → list updated (the page’s work)',
            ),
          );
      };
      await optionsLoads(` (${GROUPS.toLocaleString('en')} groups)`);
      if (ONLY.has('scale')) {
        await seedWorkspaces(worker, sandbox, workspaceId, GROUPS);
        if (ONLY.has('popup')) await popupLoads(' (20 workspaces × 10,000 groups)');
        await optionsLoads(' (20 workspaces × 10,000 groups)');
      }
    }
    if (ONLY.has('activity')) {
      await seedActivity(worker);
      const loads: Sample[] = [];
      const load = () => tracePageLoad(context, `${origin}options.html#activity`, 'rc-first-row', FIRST_ROW_PROBE);
      await load(); // warm-up
      for (let run = 0; run < RUNS; run += 1) loads.push(await load());
      out.push(table('Options opened at #activity, 20,000 entries, first row', loads));
    }
    const report = out.join('\n\n');
    console.log(report);
    await mkdir('bench-results', { recursive: true });
    const file = path.join('bench-results', `trace-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
    await writeFile(file, `${report}\n`);
    console.log(`\nwritten: ${file}`);
  } finally {
    await context.close();
    await sandbox.close();
    await rm(profile, { recursive: true, force: true });
    await rm(extensionDir, { recursive: true, force: true });
  }
}

await main();
