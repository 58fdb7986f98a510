import { mulberry32, pick, pickWeighted } from '../e2e/fixtures/seeded-faults.ts';

// The seeded fault run's PRNG (mulberry32) and pickers, plus what the chaos run needs on top: the same
// seed always draws the same steps, faults and targets.

export { mulberry32, pick, pickWeighted };

export type Random = () => number;

/** True with probability `p`. */
export const chance = (random: Random, p: number): boolean => random() < p;

/** An integer in [min, max]. */
export const between = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

/** Up to `count` distinct items, in a seeded order. */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}
