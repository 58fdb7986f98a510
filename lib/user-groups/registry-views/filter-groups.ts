import { type Environment } from '../../environment';
import type { RegistryEntry } from '../../storage/registry/registry-schema';
import { compareText, plainSortKey } from '../../text/sort-key';
import { createIncrementalSearch, matchesWords, searchTextOf, searchWords } from '../../text/word-search';
import { isDue, issuedTime } from './token-age';

export { compareText, plainSortKey };

/** The Show select: an environment, all, or the tokens due for rotation (design.md §13). */
export type EnvironmentFilter = Environment | 'all' | 'due';
export type SortOrder = 'name' | 'id' | 'newest' | 'oldest' | 'tokenAge';

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
  // Oldest token first; tokens of unknown age last (nothing says they are old).
  tokenAge: (a, b) =>
    (issuedTime(a.group) ?? Number.POSITIVE_INFINITY) - (issuedTime(b.group) ?? Number.POSITIVE_INFINITY) ||
    compareIds(a, b),
};

/**
 * The groups in one order, with what a search looks at (name and id, folded: lib/text/word-search.ts) computed
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

/** The sorted lists already made, per registry array (a change makes a new array) and order. */
const sortedCache = new WeakMap<readonly RegistryEntry[], Map<SortOrder, SortedGroups>>();

/**
 * sortGroups, remembered per registry array and order: the list shown again (the user comes back to
 * the section, the page draws it anew) neither sorts nor folds 10,000 groups again, and its search
 * keeps what it has found (groupSearchOf).
 */
export function sortedGroupsOf(groups: readonly RegistryEntry[], sort: SortOrder): SortedGroups {
  let byOrder = sortedCache.get(groups);
  if (!byOrder) sortedCache.set(groups, (byOrder = new Map<SortOrder, SortedGroups>()));
  let sorted = byOrder.get(sort);
  if (!sorted) byOrder.set(sort, (sorted = sortGroups(groups, sort)));
  return sorted;
}

const searchCache = new WeakMap<SortedGroups, ReturnType<typeof createGroupSearch>>();

/** The one createGroupSearch of a sorted list (sortedGroupsOf), however often the list is drawn anew. */
export function groupSearchOf(index: SortedGroups): ReturnType<typeof createGroupSearch> {
  let search = searchCache.get(index);
  if (!search) searchCache.set(index, (search = createGroupSearch(index)));
  return search;
}

/** What Due for rotation means now: the workspace's rotation period (0 when Off) and the time it is. */
export interface DueRule {
  everyDays: number;
  now: number;
}

/** No rotation period: nothing is due. */
const NOTHING_DUE: DueRule = { everyDays: 0, now: 0 };

/** Whether a group passes the Show select: its environment, every group, or a token due for rotation. */
function shownBy(environment: EnvironmentFilter, due: DueRule): (group: RegistryEntry) => boolean {
  if (environment === 'all') return () => true;
  if (environment === 'due') return (group) => isDue(group, due.everyDays, due.now);
  return (group) => group.environment === environment;
}

/**
 * The sorted groups that match the search (every word, in any order, in the name or the id, any case
 * and accents) and the Show select (an environment, or the tokens due for rotation under `due`), in order.
 */
export function searchGroups(
  index: SortedGroups,
  search: string,
  environment: EnvironmentFilter,
  due: DueRule = NOTHING_DUE,
): RegistryEntry[] {
  const words = searchWords(search);
  const shown = shownBy(environment, due);
  const { groups, haystacks } = index;
  if (words.length === 0 && environment === 'all') return groups.slice();
  const matching: RegistryEntry[] = [];
  for (let position = 0; position < groups.length; position += 1) {
    const group = groups[position]!;
    if (!shown(group)) continue;
    if (!matchesWords(haystacks[position]!, words)) continue;
    matching.push(group);
  }
  return matching;
}

/**
 * searchGroups for one index as the user types: each keystroke narrows the last result where it can
 * (lib/text/word-search.ts), and a query and Show choice seen before give back the very same array, so that
 * the list does not render again for nothing. Due for rotation is remembered per rotation period and
 * time: a new `due` (another period, the clock moved on) filters again.
 */
export function createGroupSearch(index: SortedGroups) {
  let positionsOf: ((query: string) => readonly number[]) | undefined;
  // The rows of each result the search still remembers, per Show choice (forgotten with the result).
  const rowsOf = new WeakMap<readonly number[], Map<string, readonly RegistryEntry[]>>();
  const everything: readonly number[] = [];
  return (search: string, environment: EnvironmentFilter, due: DueRule = NOTHING_DUE): readonly RegistryEntry[] => {
    // No words: every group, and the texts need not even be folded.
    const positions =
      searchWords(search).length === 0
        ? everything
        : (positionsOf ??= createIncrementalSearch(index.haystacks))(search);
    let known = rowsOf.get(positions);
    if (!known) rowsOf.set(positions, (known = new Map<string, readonly RegistryEntry[]>()));
    const key = environment === 'due' ? `due ${due.everyDays} ${due.now}` : environment;
    const cached = known.get(key);
    if (cached) return cached;
    // Only the latest due rule is worth keeping: the clock does not go back.
    if (environment === 'due') for (const other of known.keys()) if (other.startsWith('due ')) known.delete(other);
    const shown = shownBy(environment, due);
    const rows =
      positions === everything
        ? environment === 'all'
          ? index.groups
          : index.groups.filter(shown)
        : positions.map((position) => index.groups[position]!).filter(shown);
    known.set(key, rows);
    return rows;
  };
}

/**
 * The rows to show: matching the search (every word, name or id, any case and accents) and the Show
 * select (`due` says what Due for rotation means), in order.
 */
export function filterGroups(
  groups: readonly RegistryEntry[],
  query: GroupQuery,
  due: DueRule = NOTHING_DUE,
): RegistryEntry[] {
  return searchGroups(sortGroups(groups, query.sort), query.search, query.environment, due);
}

export function countByEnvironment(groups: readonly RegistryEntry[]): Record<Environment, number> {
  const counts: Record<Environment, number> = { Customer: 0, Testing: 0 };
  for (const group of groups) counts[group.environment] += 1;
  return counts;
}
