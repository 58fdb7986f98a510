import type { StorageItemKey } from '@wxt-dev/storage';
import type { Environment } from '../../environment';
import { compareText, plainSortKey } from '../../text/sort-key';
import { scopedKey, scopedName, type KeyScope } from '../workspace-keys';
import type { RegistryEntry } from './registry-schema';

/**
 * The registry's first screen, stored beside its parts (`ws.<id>.userGroupIndex`) so that the options
 * page can show the list's first rows and its counts without reading and checking every part first:
 * how many groups each environment has, and the groups that come first in the list's default order (by
 * name, then id, then environment) with what their rows show (name, id, environment, dates, marks):
 * never a token, nor anything else the lock seals, nor the service's extra fields. The page draws its
 * first screen from it alone, then reads every part.
 *
 * Written only by the registry writer, in the same storage call as the parts a change touches, and
 * recomputed from the parts at its first read in a worker, so that a missing or stale index (data
 * stored before it existed, parts written by anyone else) is rebuilt. Never trusted blindly: the page
 * compares it with the parts once it has read them all, and asks the background to rebuild it when
 * they disagree (registry-index-read.ts: what the page reads; this file: what the writer computes).
 */
export interface RegistryIndex {
  /** 2: `first` holds each row's display fields. Version 1 (only [environment, id, part]) reads as stale. */
  version: 2;
  counts: Record<Environment, number>;
  /** The first groups in the list's default order, as their rows show them. */
  first: IndexedGroup[];
}
/** What a row of the list shows of a group: its entry without the token and the service's extra fields. */
export type IndexedGroup = Omit<RegistryEntry, 'token' | 'extra'>;
export type RegistryCounts = RegistryIndex['counts'];

/**
 * How many first rows the index holds: a tall window's worth (rows are 60 px). Each is written with
 * every change of the counts (each create and delete), so no more than the first screen shows.
 */
export const INDEX_FIRST_ROWS = 24;

export const registryIndexName = (scope: KeyScope): string => scopedName(scope, 'userGroupIndex');
export const registryIndexKey = (scope: KeyScope): StorageItemKey => scopedKey(scope, 'userGroupIndex');

/** The plain sort keys of each entry's name and id, kept as long as the entry (changes replace entries). */
const nameKeys = new WeakMap<RegistryEntry, string | undefined>();
const idKeys = new WeakMap<RegistryEntry, string | undefined>();
const keyOf = (cache: WeakMap<RegistryEntry, string | undefined>, entry: RegistryEntry, text: string) => {
  if (cache.has(entry)) return cache.get(entry);
  const key = plainSortKey(text);
  cache.set(entry, key);
  return key;
};

type Keyed = { group: RegistryEntry; name: string | undefined; id: string | undefined };

/** The list's default order: by name, then id, then environment (lib/user-groups/registry-views/filter-groups.ts sorts the same way). */
const compareByName = (group: RegistryEntry, name: string | undefined, id: string | undefined, b: Keyed): number =>
  compareText(group.name, name, b.group.name, b.name) ||
  compareText(group.provided_id, id, b.group.provided_id, b.id) ||
  group.environment.localeCompare(b.group.environment);

/**
 * The index of a registry as stored in parts (part number → its groups): its counts and its first
 * `rows` groups by name, as their rows show them (one pass, no full sort; written with every create,
 * so a group that does not enter the first rows costs no allocation).
 */
export function computeRegistryIndex(
  parts: readonly (readonly RegistryEntry[] | undefined)[],
  rows = INDEX_FIRST_ROWS,
): RegistryIndex {
  const counts: Record<Environment, number> = { Customer: 0, Testing: 0 };
  const first: Keyed[] = [];
  for (const groups of parts) {
    for (const group of groups ?? []) {
      counts[group.environment] += 1;
      const name = keyOf(nameKeys, group, group.name);
      const id = keyOf(idKeys, group, group.provided_id);
      if (first.length === rows && compareByName(group, name, id, first[rows - 1]!) >= 0) continue;
      let at = first.length;
      while (at > 0 && compareByName(group, name, id, first[at - 1]!) < 0) at -= 1;
      first.splice(at, 0, { group, name, id });
      if (first.length > rows) first.pop();
    }
  }
  return { version: 2, counts, first: first.map(({ group }) => indexedGroup(group)) };
}

/** A group's display fields, always in the same order (the writer compares indexes as JSON). */
export function indexedGroup(group: RegistryEntry): IndexedGroup {
  return {
    team_id: group.team_id,
    name: group.name,
    provided_id: group.provided_id,
    environment: group.environment,
    createdAt: group.createdAt,
    lastRotatedAt: group.lastRotatedAt,
    ...(group.issuedAt !== undefined && { issuedAt: group.issuedAt }),
    ...(group.rotation !== undefined && { rotation: group.rotation }),
    ...(group.deleteOutcomeUnknown !== undefined && { deleteOutcomeUnknown: group.deleteOutcomeUnknown }),
  };
}
