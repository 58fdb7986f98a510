import { type Environment } from '../environment';
import type { RegistryEntry } from '../storage/registry/registry-schema';
import { isDue, issuedTime } from './token-age';

/** The Show select: an environment, all, or the tokens due for rotation (design.md §13). */
export type EnvironmentFilter = Environment | 'all' | 'due';
export type SortOrder = 'name' | 'id' | 'newest' | 'oldest' | 'tokenAge';

export interface GroupQuery {
  search: string;
  environment: EnvironmentFilter;
  sort: SortOrder;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * A key whose plain string order is the collator's order (any case, numbers by value), for text of
 * ASCII letters, digits, spaces and hyphens, which sort in that order in both; undefined for other
 * text (accents, other punctuation), which the collator compares. Plain comparisons are several times
 * faster: sorting 10,000 names is the largest part of showing the list.
 */
export function plainSortKey(text: string): string | undefined {
  if (!/^[A-Za-z0-9 -]*$/.test(text)) return undefined;
  let tooLong = false;
  const key = text.toLowerCase().replace(/\d+/g, (digits) => {
    const value = digits.replace(/^0+/, '');
    if (value.length > 15) tooLong = true;
    return value.padStart(16, '0');
  });
  return tooLong ? undefined : key;
}

/** Compares two texts as the collator does, through their plain keys when both have one. */
export function compareText(a: string, keyA: string | undefined, b: string, keyB: string | undefined): number {
  if (keyA === undefined || keyB === undefined) return collator.compare(a, b);
  return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
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
  name: (a, b) => compareText(a.group.name, a.name, b.group.name, b.name) || compareIds(a, b),
  id: (a, b) => compareIds(a, b) || a.group.environment.localeCompare(b.group.environment),
  newest: (a, b) => b.group.createdAt.localeCompare(a.group.createdAt),
  oldest: (a, b) => a.group.createdAt.localeCompare(b.group.createdAt),
  // Oldest token first; tokens of unknown age last (nothing says they are old).
  tokenAge: (a, b) =>
    (issuedTime(a.group) ?? Number.POSITIVE_INFINITY) - (issuedTime(b.group) ?? Number.POSITIVE_INFINITY) ||
    compareIds(a, b),
};

/**
 * The groups in one order, with what a search looks at (name and id, lower case) computed once: a
 * keystroke then only filters this array, which keeps its order, and never sorts or lower-cases again.
 */
export interface SortedGroups {
  groups: readonly RegistryEntry[];
  haystacks: readonly string[];
}

/** Sorts a copy (the registry's own array is left as it is) and builds its search index. */
export function sortGroups(groups: readonly RegistryEntry[], sort: SortOrder): SortedGroups {
  const keyed = groups.map((group): Keyed => ({ group, name: sort === 'name' ? plainSortKey(group.name) : undefined }));
  const sorted = keyed.sort(COMPARE[sort]).map((entry) => entry.group);
  // A separator no search can contain: a needle never matches across name and id.
  return {
    groups: sorted,
    haystacks: sorted.map((group) => `${group.name.toLocaleLowerCase()}\u0000${group.provided_id.toLocaleLowerCase()}`),
  };
}

/** The sorted groups that match the search (name or id, any case) and the environment, in order. */
export function searchGroups(
  index: SortedGroups,
  search: string,
  environment: EnvironmentFilter,
  due: { everyDays: number; now: number } = { everyDays: 0, now: 0 },
): RegistryEntry[] {
  const needle = search.trim().toLocaleLowerCase();
  const { groups, haystacks } = index;
  if (!needle && environment === 'all') return groups.slice();
  const matching: RegistryEntry[] = [];
  for (let position = 0; position < groups.length; position += 1) {
    const group = groups[position]!;
    if (environment === 'due') {
      if (!isDue(group, due.everyDays, due.now)) continue;
    } else if (environment !== 'all' && group.environment !== environment) continue;
    if (needle && !haystacks[position]!.includes(needle)) continue;
    matching.push(group);
  }
  return matching;
}

/** The rows to show: matching the search (name or id, any case), the environment, in order. */
export function filterGroups(groups: readonly RegistryEntry[], query: GroupQuery): RegistryEntry[] {
  return searchGroups(sortGroups(groups, query.sort), query.search, query.environment);
}

export function countByEnvironment(groups: readonly RegistryEntry[]): Record<Environment, number> {
  const counts: Record<Environment, number> = { Customer: 0, Testing: 0 };
  for (const group of groups) counts[group.environment] += 1;
  return counts;
}
