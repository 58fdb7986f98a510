import type { Environment } from '../api/user-group-api';
import type { RegistryEntry } from './registry-schema';

export type EnvironmentFilter = Environment | 'all';
export type SortOrder = 'name' | 'id' | 'newest' | 'oldest';

export interface GroupQuery {
  search: string;
  environment: EnvironmentFilter;
  sort: SortOrder;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const COMPARE: Record<SortOrder, (a: RegistryEntry, b: RegistryEntry) => number> = {
  name: (a, b) => collator.compare(a.name, b.name) || collator.compare(a.provided_id, b.provided_id),
  id: (a, b) => collator.compare(a.provided_id, b.provided_id) || a.environment.localeCompare(b.environment),
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  oldest: (a, b) => a.createdAt.localeCompare(b.createdAt),
};

/** The rows to show: matching the search (name or id, any case), the environment, in order. */
export function filterGroups(groups: readonly RegistryEntry[], query: GroupQuery): RegistryEntry[] {
  const needle = query.search.trim().toLocaleLowerCase();
  const matching = groups.filter(
    (group) =>
      (query.environment === 'all' || group.environment === query.environment) &&
      (!needle || group.name.toLocaleLowerCase().includes(needle) || group.provided_id.toLocaleLowerCase().includes(needle)),
  );
  return matching.sort(COMPARE[query.sort]);
}

export function countByEnvironment(groups: readonly RegistryEntry[]): Record<Environment, number> {
  const counts: Record<Environment, number> = { Customer: 0, Testing: 0 };
  for (const group of groups) counts[group.environment] += 1;
  return counts;
}

/** A stable key for React and for per-row state. */
export function groupKey(group: { environment: Environment; provided_id: string }): string {
  return `${group.environment}:${group.provided_id}`;
}
