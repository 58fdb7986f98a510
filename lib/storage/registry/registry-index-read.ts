import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { environmentSchema } from '../../environment';
import type { KeyScope } from '../workspace-keys';
import { registryIndexName, type RegistryIndex } from './registry-index';
import type { RegistryEntry } from './registry-schema';

/** The stored shape of the registry's index (registry-index.ts), checked where a page reads it. */
export const registryIndexSchema = z.object({
  version: z.literal(1),
  counts: z.object({ Customer: z.number(), Testing: z.number() }),
  first: z.array(z.tuple([environmentSchema, z.string(), z.number()])),
});

export function sameRegistryIndex(a: RegistryIndex | undefined, b: RegistryIndex | undefined): boolean {
  return a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/** The stored index, checked; undefined when there is none or it has another shape (then it is rebuilt). */
export function parseRegistryIndex(stored: unknown): RegistryIndex | undefined {
  const parsed = registryIndexSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

export async function readRegistryIndex(scope: KeyScope): Promise<RegistryIndex | undefined> {
  const name = registryIndexName(scope);
  return parseRegistryIndex((await browser.storage.local.get(name))[name]);
}

/** The parts that hold the index's first `rows` groups, in the order they are first needed. */
export function partsOfFirstRows(index: RegistryIndex, rows: number): number[] {
  return [...new Set(index.first.slice(0, rows).map(([, , part]) => part))];
}

/** The index's first `rows` groups found among `groups` (any order), in the index's order; undefined if one is missing. */
export function firstRowsOf(
  index: RegistryIndex,
  rows: number,
  groups: readonly RegistryEntry[],
): RegistryEntry[] | undefined {
  const byKey = new Map(groups.map((group) => [`${group.environment}:${group.provided_id}`, group]));
  const found: RegistryEntry[] = [];
  for (const [environment, id] of index.first.slice(0, rows)) {
    const group = byKey.get(`${environment}:${id}`);
    if (!group) return undefined;
    found.push(group);
  }
  return found;
}
