import { expect, type Page } from '@playwright/test';
import type { ExtensionBrowser } from '../e2e/fixtures/chromium.ts';
import { goToSection } from '../e2e/fixtures/options-page.ts';
import type { Sandbox } from '../e2e/fixtures/sandbox.ts';
import {
  readExtensionStorage,
  stopServiceWorker,
  type ExtensionStorage,
  type LockState,
} from '../e2e/fixtures/service-worker.ts';
import type { OptionsSection } from '../e2e/fixtures/connection.ts';
import type { RouteName } from '../sandbox/types.ts';
import type { ChaosFault } from './faults.ts';
import type { Random } from './prng.ts';
import type { TokenLedger } from './token-ledger.ts';

/** One workspace of the run: its own service (a sandbox), and the setup file exported from it. */
export interface ChaosWorkspace {
  /** "A" or "B", in ids and logs. */
  label: string;
  id: string;
  name: string;
  sandbox: Sandbox;
  /** The setup file (design.md §8) exported from this workspace at the start, with the user group API. */
  setupFile: string;
}

export interface ChaosWorld {
  extension: ExtensionBrowser;
  /** The options page the user keeps open through the run. */
  options: Page;
  workspaces: readonly ChaosWorkspace[];
  /** Of the lock and of the setup files. */
  passphrase: string;
  /** What the popup and register-pages steps learnt about projects (invariants.ts, ProjectLedger). */
  ledger: { shown: Map<string, string>; unanswered: Set<string> };
  /** What the run learnt about tokens: their order, each group's last token, the jobs' new tokens. */
  tokens: TokenLedger;
  /** Per workspace id, the last Export JSON a backup step kept, to be added again later. */
  backups: Map<string, string>;
  /** A number for unique ids and page addresses. */
  next: () => number;
  note: (line: string) => void;
  /**
   * Not before this time (ms since the epoch) are the services done with the step: a request the
   * sandbox held while the worker was stopped is carried out after its delay.
   */
  quietAfter: number;
}

/** What a step gets: the world, its draws, and the state before it. */
export interface StepContext {
  world: ChaosWorld;
  random: Random;
  workspace: ChaosWorkspace;
  fault: ChaosFault;
  lock: LockState;
  storage: ExtensionStorage;
  /**
   * Called by the step right after the click that sends its request: stops the service worker while
   * the request is in flight when the fault says so (nothing otherwise).
   */
  inFlight: () => Promise<void>;
}

/** What became of a step, for the log and the tally: `ok`, `alert` (the page explained a failure), `refused`, `skipped`. */
export interface StepOutcome {
  kind: 'ok' | 'alert' | 'refused' | 'skipped';
  text: string;
}

export interface StepKind {
  name: string;
  weight: number;
  /** The service routes the step calls (faults go there); none for a step that calls no service. */
  routes: readonly RouteName[];
  /** A job meets its fault on every second request (faults.ts). */
  scope: 'single' | 'job';
  /** Whether the step can run now (a rotate needs a group); otherwise another kind is drawn. */
  possible?(storage: ExtensionStorage, workspace: ChaosWorkspace): boolean;
  run(context: StepContext): Promise<StepOutcome>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 25 ms until it is true or `timeout` passes; answers whether it became true. */
export async function until(check: () => boolean | Promise<boolean>, timeout: number): Promise<boolean> {
  const end = Date.now() + timeout;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await sleep(25);
  }
}

const workspaceSelect = (page: Page) => page.getByLabel('Workspace', { exact: true });

/** Shows this workspace in the options page (its header's Workspace select) and this section. */
export async function show(world: ChaosWorld, workspace: ChaosWorkspace, section: OptionsSection): Promise<void> {
  const { options } = world;
  const select = workspaceSelect(options);
  if ((await select.locator('option:checked').textContent()) !== workspace.name) {
    await select.selectOption({ label: workspace.name });
    await expect(select.locator('option:checked')).toHaveText(workspace.name);
  }
  const current = new URL(options.url()).hash.replace(/^#/, '').split('/')[0];
  if (current !== section) await goToSection(options, section);
}

/** The in-flight hook of a step (StepContext.inFlight). */
export function inFlightHook(
  world: ChaosWorld,
  workspace: ChaosWorkspace,
  routes: readonly RouteName[],
  fault: ChaosFault,
): () => Promise<void> {
  const baseline = workspace.sandbox.requests.length;
  let done = false;
  return async () => {
    if (!fault.workerStop || done) return;
    done = true;
    if (routes.length > 0) {
      const arrived = await until(
        () => workspace.sandbox.requests.slice(baseline).some((request) => routes.includes(request.route!)),
        5_000,
      );
      if (!arrived) return world.note('  (no request reached the service: no worker stop)');
    } else {
      await sleep(fault.stopAfterMs ?? 0);
    }
    await stopServiceWorker(world.extension, world.options);
    if (fault.fault?.kind === 'delay') world.quietAfter = Date.now() + fault.fault.ms + 200;
    world.note(
      `  worker stopped ${routes.length > 0 ? 'with the request in flight' : `${fault.stopAfterMs} ms after the click`}`,
    );
  };
}

/** A stored job's progress as the chaos run reads it (either kind). */
export type StoredJobState =
  { id: string; status: string; operation?: string; message?: { key?: string }; failed?: unknown[] } | null | undefined;

/** Each workspace's stored user-group job (`ws.<id>.bulkCreateJob`), or its register-pages job, as read. */
export function jobsOf(storage: ExtensionStorage, world: ChaosWorld, item = 'bulkCreateJob') {
  return world.workspaces.map((workspace) => ({
    workspace,
    job: storage.local[`ws.${workspace.id}.${item}`] as StoredJobState,
  }));
}

const running = (storage: ExtensionStorage, world: ChaosWorld) =>
  ['bulkCreateJob', 'registerPagesJob'].some((item) =>
    jobsOf(storage, world, item).some(({ job }) => job?.status === 'running'),
  );

/** Waits until no job of any workspace is running (a locked job waits paused), and answers the storage then. */
export async function waitForJobs(world: ChaosWorld, timeout = 90_000): Promise<ExtensionStorage> {
  let storage = await readExtensionStorage(world.extension, world.options);
  const end = Date.now() + timeout;
  while (running(storage, world)) {
    if (Date.now() > end) throw new Error('a job was still running after 90 s');
    await sleep(250);
    storage = await readExtensionStorage(world.extension, world.options);
  }
  return storage;
}
