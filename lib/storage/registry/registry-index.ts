import type { StorageItemKey } from '@wxt-dev/storage';
import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { environmentSchema, type Environment } from '../../environment';
import { compareText, plainSortKey } from '../../text/sort-key';
import { scopedKey, scopedName, type KeyScope } from '../workspace-keys';
import { bucketOfGroup } from './registry-buckets';
import type { RegistryEntry } from './registry-schema';

/**
 * The registry's first screen, stored beside its parts (`ws.<id>.userGroupIndex`) so that the options
 * page can show the list's first rows and its counts without reading and checking every part first:
 * how many groups each environment has, and which groups come first in the list's default order (by
 * name, then id, then environment). Only (environment, id) pairs and counts: never a token, nor
 * anything else the lock seals. The page reads the parts that hold those first groups, then the rest.
 *
 * Written only by the registry writer, in the same storage call as the parts a change touches, and
 * recomputed from the parts at its first read in a worker, so that a missing or stale index (data
 * stored before it existed, parts written by anyone else) is rebuilt. Never trusted blindly: the page
 * compares it with the parts once it has read them all, and asks the background to rebuild it when
 * they disagree.
 */
export const registryIndexSchema = z.object({
  version: z.literal(1),
  counts: z.object({ Customer: z.number(), Testing: z.number() }),
  /** The first groups in the list's default order, as [environment, id]. */
  first: z.array(z.tuple([environmentSchema, z.string()])),
});
export type RegistryIndex = z.infer<typeof registryIndexSchema>;
export type RegistryCounts = RegistryIndex['counts'];

/** How many first rows the index names: more than a tall window shows at once. */
export const INDEX_FIRST_ROWS = 40;

export const registryIndexName = (scope: KeyScope): string => scopedName(scope, 'userGroupIndex');
export const registryIndexKey = (scope: KeyScope): StorageItemKey => scopedKey(scope, 'userGroupIndex');

/** The name's plain sort key of each entry, kept as long as the entry (changes replace entries). */
const nameKeys = new WeakMap<RegistryEntry, string | undefined>();
const idKeys = new WeakMap<RegistryEntry, string | undefined>();
const keyOf = (cache: WeakMap<RegistryEntry, string | undefined>, entry: RegistryEntry, text: string) => {
  if (cache.has(entry)) return cache.get(entry);
  const key = plainSortKey(text);
  cache.set(entry, key);
  return key;
};

/** The list's default order: by name, then id, then environment (lib/user-groups/filter-groups.ts sorts the same way). */
export function compareByName(a: RegistryEntry, b: RegistryEntry): number {
  return (
    compareText(a.name, keyOf(nameKeys, a, a.name), b.name, keyOf(nameKeys, b, b.name)) ||
    compareText(a.provided_id, keyOf(idKeys, a, a.provided_id), b.provided_id, keyOf(idKeys, b, b.provided_id)) ||
    a.environment.localeCompare(b.environment)
  );
}

/** The index of a registry: its counts and its first `rows` groups by name (one pass, no full sort). */
export function computeRegistryIndex(groups: readonly RegistryEntry[], rows = INDEX_FIRST_ROWS): RegistryIndex {
  const counts: Record<Environment, number> = { Customer: 0, Testing: 0 };
  const first: RegistryEntry[] = [];
  for (const group of groups) {
    counts[group.environment] += 1;
    if (first.length === rows && compareByName(group, first[rows - 1]!) >= 0) continue;
    let at = first.length;
    while (at > 0 && compareByName(group, first[at - 1]!) < 0) at -= 1;
    first.splice(at, 0, group);
    if (first.length > rows) first.pop();
  }
  return { version: 1, counts, first: first.map((group) => [group.environment, group.provided_id]) };
}

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
  const parts = index.first.slice(0, rows).map(([environment, id]) => bucketOfGroup({ environment, provided_id: id }));
  return [...new Set(parts)];
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
