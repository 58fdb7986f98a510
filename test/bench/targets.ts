// The targets of issue 25 (issue 37: the popup's ratio also with the worker stopped first; the JS sizes as
// regression budgets), as the benchmark (run.ts) measures them. docs/performance.md "Targets" states them;
// test/bench/guard.ts (part of `npm test`) fails when a ratio is far over its target; test/check-size-budgets.ts
// holds the bundles to their budgets (bundle-sizes.ts), which the size rows below read: one place for each budget.
import { GZIP_BUDGETS } from './bundle-sizes.ts';

export interface Target {
  /** At most this much. */
  limit: number;
  unit: '×' | 'ms' | 'KB';
}

export const TARGETS = {
  popupRatio: { limit: 1.4, unit: '×' },
  tripRatio: { limit: 1.6, unit: '×' },
  optionsFirstRow: { limit: 150, unit: 'ms' },
  navigationFirstRow: { limit: 50, unit: 'ms' },
  keystrokeWork: { limit: 10, unit: 'ms' },
  lockOn: { limit: 1000, unit: 'ms' },
  unlock: { limit: 1000, unit: 'ms' },
  // Issue 37: regression budgets, as test/check-size-budgets.ts holds them (bundle-sizes.ts, 1 KB = 1,000 bytes).
  popupGzip: { limit: GZIP_BUDGETS.popup! / 1000, unit: 'KB' },
  optionsGzip: { limit: GZIP_BUDGETS.options! / 1000, unit: 'KB' },
  backgroundGzip: { limit: GZIP_BUDGETS.background! / 1000, unit: 'KB' },
} satisfies Record<string, Target>;

/** "≤ 1.4×", "≤ 150 ms". */
export const describeTarget = (target: Target) =>
  target.unit === '×' ? `≤ ${target.limit}×` : `≤ ${target.limit} ${target.unit}`;

/** The target column of a row: "≤ 150 ms", and "MISS" when the measure is over it (nothing when not measured). */
export function verdict(value: number, target: Target): string {
  if (!Number.isFinite(value)) return describeTarget(target);
  return value <= target.limit ? `${describeTarget(target)} ✓` : `${describeTarget(target)} **MISS**`;
}
