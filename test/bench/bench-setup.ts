// What the benchmark (run.ts) and the trace tool (trace.ts) share: the build with an empty baseline page,
// the launch of Chromium with it, and the data they seed (a connection, 10,000 groups, 20 workspaces).
import { existsSync } from 'node:fs';
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Worker } from '@playwright/test';
import type { Browser as ExtensionApi } from 'wxt/browser';
import { closeStartPage } from '../e2e/fixtures/chromium.ts';
import type { Sandbox } from '../sandbox/server.ts';
import { stopServiceWorker } from '../e2e/fixtures/service-worker.ts';

/** The extension API inside `worker.evaluate` callbacks, which run in the service worker. */
declare const chrome: typeof ExtensionApi;

export const GROUPS = 10_000;
/** The scale case: this many workspaces of GROUPS groups each (the shown one among them). */
export const WORKSPACES = 20;
/** The build measured: the e2e build (`BENCH_BUILD` names another, e.g. one of an earlier version, to compare). */
const E2E_BUILD = path.resolve(process.env.BENCH_BUILD ?? '.output/chrome-mv3-e2e');
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
export const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * A copy of the e2e build (or of `source`, another build) with an empty page whose script marks "ready"
 * at once: the floor for any extension page.
 */
export async function buildWithBaselinePage(source = E2E_BUILD): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rc-bench-ext-'));
  await cp(source, dir, { recursive: true });
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

export async function launch(extensionDir: string) {
  const profile = await mkdtemp(path.join(tmpdir(), 'rc-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // The DevTools port lets memory.ts read the service worker's heap (Playwright has no CDP session for it).
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--remote-debugging-port=0',
      ...CHROMIUM_FLAGS,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const origin = `chrome-extension://${new URL(worker.url()).host}/`;
  // The install opens the start page; closed so that it does not compete with what is measured.
  await closeStartPage(context, origin);
  return { context, worker, origin, profile };
}

/** The first workspace, which the upgrade to workspaces creates when the worker first starts. */
export async function firstWorkspaceId(worker: Worker): Promise<string> {
  return worker.evaluate(async () => {
    for (;;) {
      const { workspaces } = await chrome.storage.local.get('workspaces');
      const first = (workspaces as { workspaces?: { id: string }[] } | undefined)?.workspaces?.[0]?.id;
      if (first) return first;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

export async function seedConnection(worker: Worker, sandbox: Sandbox, workspaceId: string) {
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

export async function seedGroups(worker: Worker, workspaceId: string, count: number) {
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
      // Spread over the registry's 256 stored parts (lib/storage/registry/registry-parts.ts), in the stored
      // format v3: each part's groups without tokens, and beside it (`userGroupTokens.NNN`) their tokens by
      // environment:id, as JSON text. Which part a group is read from does not matter; the background re-files a group in
      // its own part when it changes.
      const values: Record<string, unknown> = { [`${scope}userGroupsFormat`]: 3 };
      const tokens: Record<string, Record<string, string>> = {};
      groups.forEach((group, index) => {
        const part = String(index % 256).padStart(3, '0');
        const { token, ...rest } = group;
        ((values[`${scope}userGroups.${part}`] ??= { groups: [] }) as { groups: unknown[] }).groups.push(rest);
        (tokens[`${scope}userGroupTokens.${part}`] ??= {})[`${group.environment}:${group.provided_id}`] = token;
      });
      for (const [key, map] of Object.entries(tokens)) values[key] = { tokens: JSON.stringify(map) };
      await chrome.storage.local.set(values);
    },
    { total: count, scope: `ws.${workspaceId}.` },
  );
}

/**
 * The scale case: WORKSPACES workspaces of `count` groups each, the first (shown, last used) among them.
 * The others get a connection too, so that nothing about them is empty or unusual.
 */
export async function seedWorkspaces(worker: Worker, sandbox: Sandbox, firstId: string, count: number) {
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

/**
 * The seeds above are written around the extension, straight into storage: the popup's stored view
 * (lib/projects/popup-view.ts) follows only what goes through the extension's storage door, and is made
 * again from storage when the worker starts (`rewriteCompanion`, a moment after the start). So the
 * worker is stopped, woken from an extension page, and the view awaited until it shows the seeded
 * workspaces ready. A build without a stored view (before issue 37, to compare) has none to wait for.
 */
export async function refreshStoredView(context: BrowserContext, origin: string, workspaces = 1): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}bench-empty.html`);
    await stopServiceWorker({ context }, page);
    await page.evaluate(() => chrome.runtime.sendMessage({ type: 'getLockStatus', data: {} }));
    // Polled from here: waitForFunction takes a promise (an async check's answer) as a truthy value.
    const seen = () =>
      page.evaluate(async (count) => {
        const { popupView } = await chrome.storage.local.get('popupView');
        if (popupView === undefined) return 'none';
        const view = popupView as { workspaces?: unknown[]; missing?: unknown[] };
        return view.workspaces?.length === count && view.missing?.length === 0 ? 'ready' : 'not yet';
      }, workspaces);
    const deadline = Date.now() + 10_000;
    let state = await seen();
    for (; state === 'not yet' && Date.now() < deadline; state = await seen())
      await new Promise((resolve) => setTimeout(resolve, 50));
    if (state === 'not yet') throw new Error('The worker did not write the popup’s stored view from the seeds.');
  } finally {
    await page.close();
  }
}
