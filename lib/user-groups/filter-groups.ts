import { type Environment } from '../environment';
import type { RegistryEntry } from '../storage/registry/registry-schema';
import { compareText, plainSortKey } from '../text/sort-key';
import { createIncrementalSearch, matchesWords, searchTextOf, searchWords } from './group-search';

export { compareText, plainSortKey };

export type EnvironmentFilter = Environment | 'all';
export type SortOrder = 'name' | 'id' | 'newest' | 'oldest';

export interface GroupQuery {
  search: string;
  environment: EnvironmentFilter;
  sort: SortOrder;
}

/** A group with the plain keys of its name (for the name order) and id (computed when first needed). */
interface Keyed {
  group: RegistryEntry;
  name: string | undefined;
  id?: string | undefined;
}

const idKey = (entry: Keyed) => ('id' in entry ? entry.id : (entry.id = plainSortKey(entry.group.provided_id)));
const compareIds = (a: Keyed, b: Keyed) => compareText(a.group.provided_id, idKey(a), b.group.provided_id, idKey(b));

const COMPARE: Record<SortOrder, (a: Keyed, b: Keyed) => number> = {
  // The registry's stored index keeps its first rows in this same order (lib/storage/registry/registry-index.ts).
  name: (a, b) =>
    compareText(a.group.name, a.name, b.group.name, b.name) ||
    compareIds(a, b) ||
    a.group.environment.localeCompare(b.group.environment),
  id: (a, b) => compareIds(a, b) || a.group.environment.localeCompare(b.group.environment),
  newest: (a, b) => b.group.createdAt.localeCompare(a.group.createdAt),
  oldest: (a, b) => a.group.createdAt.localeCompare(b.group.createdAt),
};

/**
 * The groups in one order, with what a search looks at (name and id, folded: group-search.ts) computed
 * once: a keystroke then only filters this array, which keeps its order, and never sorts or folds again.
 */
export interface SortedGroups {
  groups: readonly RegistryEntry[];
  haystacks: readonly string[];
}

/** Sorts a copy (the registry's own array is left as it is) and builds its search index. */
export function sortGroups(groups: readonly RegistryEntry[], sort: SortOrder): SortedGroups {
  const keyed = groups.map((group): Keyed => ({ group, name: sort === 'name' ? plainSortKey(group.name) : undefined }));
  const sorted = keyed.sort(COMPARE[sort]).map((entry) => entry.group);
  // Folded when the first search needs them, not when the list is first shown.
  let texts: readonly string[] | undefined;
  return {
    groups: sorted,
    get haystacks() {
      return (texts ??= sorted.map((group) => searchTextOf(group.name, group.provided_id)));
    },
  };
}

/**
 * The sorted groups that match the search (every word, in any order, in the name or the id, any case
 * and accents) and the environment, in order.
 */
export function searchGroups(index: SortedGroups, search: string, environment: EnvironmentFilter): RegistryEntry[] {
  const words = searchWords(search);
  const { groups, haystacks } = index;
  if (words.length === 0 && environment === 'all') return groups.slice();
  const matching: RegistryEntry[] = [];
  for (let position = 0; position < groups.length; position += 1) {
    const group = groups[position]!;
    if (environment !== 'all' && group.environment !== environment) continue;
    if (!matchesWords(haystacks[position]!, words)) continue;
    matching.push(group);
  }
  return matching;
}

/**
 * searchGroups for one index as the user types: each keystroke narrows the last result where it can
 * (group-search.ts), and a query and environment seen before give back the very same array, so that
 * the list does not render again for nothing.
 */
export function createGroupSearch(index: SortedGroups) {
  let positionsOf: ((query: string) => readonly number[]) | undefined;
  // The rows of each result the search still remembers, per environment (forgotten with the result).
  const rowsOf = new WeakMap<readonly number[], Partial<Record<EnvironmentFilter, readonly RegistryEntry[]>>>();
  const everything: readonly number[] = [];
  return (search: string, environment: EnvironmentFilter): readonly RegistryEntry[] => {
    // No words: every group, and the texts need not even be folded.
    const positions =
      searchWords(search).length === 0
        ? everything
        : (positionsOf ??= createIncrementalSearch(index.haystacks))(search);
    const known = rowsOf.get(positions) ?? {};
    rowsOf.set(positions, known);
    const cached = known[environment];
    if (cached) return cached;
    const inEnvironment = (group: RegistryEntry) => environment === 'all' || group.environment === environment;
    const rows =
      positions === everything
        ? environment === 'all'
          ? index.groups
          : index.groups.filter(inEnvironment)
        : positions.map((position) => index.groups[position]!).filter(inEnvironment);
    known[environment] = rows;
    return rows;
  };
}

/** The rows to show: matching the search (every word, name or id, any case and accents), the environment, in order. */
export function filterGroups(groups: readonly RegistryEntry[], query: GroupQuery): RegistryEntry[] {
  return searchGroups(sortGroups(groups, query.sort), query.search, query.environment);
}

export function countByEnvironment(groups: readonly RegistryEntry[]): Record<Environment, number> {
  const counts: Record<Environment, number> = { Customer: 0, Testing: 0 };
  for (const group of groups) counts[group.environment] += 1;
  return counts;
}
