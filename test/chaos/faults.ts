import type { Fault, RouteName } from '../sandbox/types.ts';
import type { Sandbox } from '../e2e/fixtures/sandbox.ts';
import { FAULT_CHOICES, USER_GROUP_ROUTES } from '../e2e/fixtures/seeded-faults.ts';
import { between, pickWeighted, type Random } from './prng.ts';

/**
 * What the chaos run does to a step: one of the seeded fault run's sandbox faults (before the service
 * acts, after it acts, refusals, slow answers), or a stop of the service worker while the step's
 * request is in flight (CDP ServiceWorker.stopAllWorkers).
 */
export interface ChaosFault {
  /** For the step log and the tally. */
  label: string;
  /** What the sandbox does to the step's routes; undefined: it is well. */
  fault?: Fault;
  /**
   * Stop the worker once the step's request reached the sandbox (held there by `fault`), or, for a step
   * that calls no service, a moment after the click.
   */
  workerStop?: boolean;
  /** For a step that calls no service: how long after the click the worker is stopped. */
  stopAfterMs?: number;
}

/** The service acts only after the worker was stopped (the sandbox finishes a delayed request). */
const STOP_BEFORE: ChaosFault = {
  label: 'worker stop, service acts after',
  fault: { kind: 'delay', ms: 1500 },
  workerStop: true,
};
/** The service acted, then the answer hangs: the worker is stopped meanwhile. */
const STOP_AFTER: ChaosFault = {
  label: 'worker stop, service acted',
  fault: { kind: 'hang', dropAfterMs: 1500, afterProcessing: true },
  workerStop: true,
};

const NETWORK_FAULTS: readonly (readonly [ChaosFault, number])[] = [
  ...FAULT_CHOICES.map(([choice, weight]) => [{ label: choice.label, fault: choice.fault }, weight] as const),
  [STOP_BEFORE, 2],
  [STOP_AFTER, 2],
];

const LOCAL_FAULTS: readonly (readonly [ChaosFault, number])[] = [
  [{ label: 'none' }, 3],
  [{ label: 'worker stop in flight', workerStop: true }, 1],
];

/** A fault for a step that calls these routes (none: a step that calls no service). */
export function drawFault(random: Random, routes: readonly RouteName[]): ChaosFault {
  if (routes.length > 0) return pickWeighted(random, NETWORK_FAULTS);
  const chosen = pickWeighted(random, LOCAL_FAULTS);
  return chosen.workerStop ? { ...chosen, stopAfterMs: between(random, 0, 400) } : chosen;
}

/**
 * Sets the step's fault on its routes of this sandbox, after clearing every other. A single action
 * meets it on every request (Chromium re-sends a POST whose reused connection was reset: the re-send
 * must meet the same fault); a job meets it on every second request, so that the job moves on, and a
 * worker stop holds only the job's first request.
 */
export function applyFault(
  sandbox: Sandbox,
  routes: readonly RouteName[],
  chosen: ChaosFault,
  scope: 'single' | 'job',
): void {
  sandbox.clearFaults();
  if (!chosen.fault) return;
  const timing = chosen.workerStop
    ? { times: 1 }
    : scope === 'job' && chosen.fault.kind !== 'delay'
      ? { everyNth: 2 }
      : {};
  for (const route of routes) sandbox.setFault(route, { ...chosen.fault, ...timing });
}

export { USER_GROUP_ROUTES };
