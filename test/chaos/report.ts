import { INVARIANT_NAMES, INVARIANTS, type InvariantName } from './invariants.ts';

/** Steps per kind and outcome, and per fault. */
export interface Tally {
  byKind: Record<string, Record<string, number>>;
  byFault: Record<string, number>;
}

export interface ChaosReport {
  seed: number;
  steps: number;
  durationMs: number;
  /** Launching, two workspaces connected, two setup files exported. */
  setUpMs: number;
  tally: Tally;
  /** Each distinct violation once, with the step that first showed it (0: the final check). */
  violations: Record<InvariantName, { line: string; step: number }[]>;
  /** Steps that threw (a control not found, a time-out): the run could not prove them. */
  stepErrors: string[];
  /** Per workspace, what is still flagged at the end. */
  left: Record<string, string>;
  /** Projects the service made whose answer never reached the browser (not recordable). */
  unansweredProjects: number;
  replay: string;
}

/** Whether the run proved everything: no violation, no step that threw. */
export const passed = (report: ChaosReport): boolean =>
  report.stepErrors.length === 0 && INVARIANT_NAMES.every((name) => report.violations[name].length === 0);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const list = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([, a], [, b]) => b - a)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');

export function formatReport(report: ChaosReport): string {
  const lines = [
    `chaos: seed ${report.seed}, ${report.steps} steps in ${seconds(report.durationMs)} (set-up ${seconds(report.setUpMs)})`,
    'steps by kind (outcomes):',
    ...Object.entries(report.tally.byKind).map(([kind, outcomes]) => {
      const total = Object.values(outcomes).reduce((sum, count) => sum + count, 0);
      return `  ${kind.padEnd(18)} ${String(total).padStart(4)}  (${list(outcomes)})`;
    }),
    'steps by fault:',
    ...Object.entries(report.tally.byFault)
      .sort(([, a], [, b]) => b - a)
      .map(([fault, count]) => `  ${fault.padEnd(34)} ${String(count).padStart(4)}`),
    'invariants (distinct violations):',
    ...INVARIANT_NAMES.map((name) => {
      const found = report.violations[name];
      return `  ${name.padEnd(30)} ${String(found.length).padStart(4)}  ${INVARIANTS[name]}`;
    }),
    ...INVARIANT_NAMES.flatMap((name) =>
      report.violations[name]
        .slice(0, 20)
        .map(({ line, step }) => `    ${name} @ ${step === 0 ? 'end' : `step ${step}`}: ${line}`),
    ),
    `step errors: ${report.stepErrors.length}`,
    ...report.stepErrors.slice(0, 20).map((line) => `    ${line}`),
    `left at the end: ${Object.entries(report.left)
      .map(([label, text]) => `${label}: ${text}`)
      .join('; ')}`,
    `projects whose answer never reached the browser: ${report.unansweredProjects}`,
    `replay: ${report.replay}`,
  ];
  return lines.join('\n');
}
