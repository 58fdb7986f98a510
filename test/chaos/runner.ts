import { readFile } from 'node:fs/promises';
import { readExtensionStorage, wakeServiceWorker, type ExtensionStorage } from '../e2e/fixtures/service-worker.ts';
import { applyFault, drawFault } from './faults.ts';
import { checkInvariants, entriesOf, INVARIANT_NAMES, unsettledOf, type InvariantName } from './invariants.ts';
import { mulberry32, pick } from './prng.ts';
import type { ChaosReport, Tally } from './report.ts';
import { setUpWorld } from './setup.ts';
import { drawStepKind } from './steps/index.ts';
import { moveLock } from './steps/lock-steps.ts';
import { inFlightHook, show, sleep, waitForJobs, type ChaosWorld, type StepOutcome } from './world.ts';

export interface ChaosOptions {
  seed: number;
  steps: number;
  /** Check the invariants after every Nth step (and always at the end); default 1. */
  checkEvery?: number;
  /** Where each step's line goes; default console.log. */
  log?: (line: string) => void;
  /** Another e2e build of the extension (default: .output/chrome-mv3-e2e). */
  extensionDir?: string;
}

export const replayCommand = (seed: number, steps: number) => `npm run chaos -- --seed ${seed} --steps ${steps}`;

/** The violations seen during the run, each once, with the step that first showed it (0: the final check). */
class ViolationLog {
  readonly first = new Map<string, { invariant: InvariantName; line: string; step: number }>();

  add(violations: ReturnType<typeof checkInvariants>, step: number): string[] {
    const fresh: string[] = [];
    for (const invariant of INVARIANT_NAMES)
      for (const line of violations[invariant]) {
        const key = `${invariant} ${line}`;
        if (this.first.has(key)) continue;
        this.first.set(key, { invariant, line, step });
        fresh.push(`${invariant}: ${line}`);
      }
    return fresh;
  }
}

/** The invariants on this storage; the tokens seen now are noted first, each group's token after. */
function check(world: ChaosWorld, storage: ExtensionStorage, final: boolean) {
  world.tokens.seeAll(storage, world.workspaces);
  const found = checkInvariants({
    storage,
    services: world.workspaces.map((workspace) => ({
      workspaceId: workspace.id,
      label: workspace.label,
      groups: workspace.sandbox.groups(),
      projectIds: workspace.sandbox.projects().map((project) => project.projectId),
    })),
    projects: world.ledger,
    final,
    tokens: world.tokens,
  });
  world.tokens.remember(
    storage,
    world.workspaces.map((workspace) => workspace.id),
  );
  return found;
}

/** The page back to a known state after a step that threw: no dialog, freshly loaded. */
async function recover(world: ChaosWorld): Promise<void> {
  const { options } = world;
  await options.keyboard.press('Escape').catch(() => undefined);
  await options.reload().catch(() => undefined);
  await options.getByRole('heading', { level: 2 }).first().waitFor({ timeout: 10_000 });
}

/** Export JSON of each workspace, as a user would before anything else: it must hold the whole registry. */
async function exportEach(world: ChaosWorld, problems: string[]): Promise<void> {
  for (const workspace of world.workspaces) {
    await show(world, workspace, 'groups');
    const [download] = await Promise.all([
      world.options.waitForEvent('download'),
      world.options.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as { groups: unknown[] };
    const stored = entriesOf((await readExtensionStorage(world.extension, world.options)).local, workspace.id);
    if (exported.groups.length !== stored.length)
      problems.push(
        `Export JSON of ${workspace.label} holds ${exported.groups.length} groups, the registry ${stored.length}`,
      );
  }
}

/** What is still flagged at the end, per workspace: for the report, not a violation. */
function flagsLeft(world: ChaosWorld, storage: ExtensionStorage): Record<string, string> {
  return Object.fromEntries(
    world.workspaces.map((workspace) => {
      const entries = entriesOf(storage.local, workspace.id).map(({ entry }) => entry);
      const rotation = entries.filter((entry) => entry.rotation).length;
      const deleted = entries.filter((entry) => entry.deleteOutcomeUnknown).length;
      const unsettled = unsettledOf(storage.local, workspace.id).length;
      return [
        workspace.label,
        `${entries.length} groups (${rotation} rotation unknown, ${deleted} delete unknown), ${unsettled} creates of unknown outcome, ` +
          `${workspace.sandbox.groups().length} groups and ${workspace.sandbox.projects().length} projects on its service`,
      ];
    }),
  );
}

/**
 * A seeded random run through the real UI against the sandbox (issue 27): steps, faults and targets
 * drawn from mulberry32(seed); the invariants (invariants.ts) checked after the steps and at the end.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const { seed, steps } = options;
  const checkEvery = Math.max(1, options.checkEvery ?? 1);
  const log = options.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  const random = mulberry32(seed);
  const tally: Tally = { byKind: {}, byFault: {} };
  const violations = new ViolationLog();
  const stepErrors: string[] = [];
  log(`[chaos] seed ${seed}, ${steps} steps (replay: ${replayCommand(seed, steps)})`);

  const { world, close } = await setUpWorld((line) => log(`[chaos] ${line}`), options.extensionDir);
  const setUpMs = Date.now() - started;
  let final: ExtensionStorage | undefined;
  let left: Record<string, string> = {};
  try {
    for (let step = 1; step <= steps; step += 1) {
      const storage = await readExtensionStorage(world.extension, world.options);
      const lock = await wakeServiceWorker(world.options);
      const workspace = pick(random, world.workspaces);
      const kind = drawStepKind(random, storage, workspace);
      const fault = drawFault(random, kind.routes);
      log(`[chaos] ${step} ${kind.name} in ${workspace.label} | ${fault.label}${lock.locked ? ' | locked' : ''}`);
      for (const each of world.workspaces) each.sandbox.clearFaults();
      applyFault(workspace.sandbox, kind.routes, fault, kind.scope);
      let outcome: StepOutcome | { kind: 'error'; text: string };
      try {
        outcome = await kind.run({
          world,
          random,
          workspace,
          fault,
          lock,
          storage,
          inFlight: inFlightHook(world, workspace, kind.routes, fault),
        });
      } catch (error) {
        const text = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        outcome = { kind: 'error', text };
        stepErrors.push(`step ${step} (${kind.name} in ${workspace.label}, ${fault.label}): ${text}`);
        await recover(world);
      } finally {
        for (const each of world.workspaces) each.sandbox.clearFaults();
      }
      log(`[chaos]   → ${outcome.kind}: ${outcome.text}`);
      const counts = (tally.byKind[kind.name] ??= {});
      counts[outcome.kind] = (counts[outcome.kind] ?? 0) + 1;
      tally.byFault[fault.label] = (tally.byFault[fault.label] ?? 0) + 1;
      if (step % checkEvery === 0 || step === steps) {
        await sleep(Math.max(0, world.quietAfter - Date.now()));
        const after = await waitForJobs(world);
        for (const line of violations.add(check(world, after, false), step)) log(`[chaos]   VIOLATION ${line}`);
      }
    }

    // The end: the service well, the lock open, every job settled, each registry read through the
    // background (Export JSON; it also settles rotation marks a stopped worker left pending).
    for (const each of world.workspaces) each.sandbox.clearFaults();
    let lock = await wakeServiceWorker(world.options);
    if (lock.locked) log(`[chaos] end: ${(await moveLock(world, world.workspaces[0]!, 'unlock', lock)).text}`);
    await waitForJobs(world);
    await exportEach(world, stepErrors);
    final = await waitForJobs(world);
    for (const line of violations.add(check(world, final, true), 0)) log(`[chaos]   VIOLATION (end) ${line}`);
    lock = await wakeServiceWorker(world.options);
    if (lock.enabled) {
      // Stored in clear again, every token can be compared with the service's.
      log(`[chaos] end: ${(await moveLock(world, world.workspaces[0]!, 'turn off', lock)).text}`);
      final = await waitForJobs(world);
      for (const line of violations.add(check(world, final, true), 0)) log(`[chaos]   VIOLATION (end) ${line}`);
    }
  } finally {
    if (final) left = flagsLeft(world, final);
    await close();
  }
  const found = [...violations.first.values()];
  return {
    seed,
    steps,
    durationMs: Date.now() - started,
    setUpMs,
    tally,
    violations: Object.fromEntries(
      INVARIANT_NAMES.map((name) => [
        name,
        found.filter((entry) => entry.invariant === name).map(({ line, step }) => ({ line, step })),
      ]),
    ) as ChaosReport['violations'],
    stepErrors,
    left,
    unansweredProjects: world.ledger.unanswered.size,
    replay: replayCommand(seed, steps),
  };
}
