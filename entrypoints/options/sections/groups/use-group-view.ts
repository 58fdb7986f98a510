import { useEffect, useMemo, useRef, useState } from 'react';
import { t, type MessageKey } from '@/lib/i18n';
import { groupKey, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import {
  countByEnvironment,
  groupSearchOf,
  sortedGroupsOf,
  type EnvironmentFilter,
  type SortOrder,
} from '@/lib/user-groups/registry-views/filter-groups';
import { targetOfHash } from '../../navigation/hash-target';

/** The Show select's options, as its choices say them (GroupsToolbar.tsx). */
const ENVIRONMENT_FILTER_LABELS: Record<Exclude<EnvironmentFilter, 'due'>, MessageKey> = {
  all: 'groupsFilterAll',
  Customer: 'groupsFilterCustomer',
  Testing: 'groupsFilterTesting',
};

/** The shown groups with the pinned ones (those shown) first, in the order they were pinned. */
export function withPinnedFirst(shown: readonly RegistryEntry[], pinned: readonly string[]): RegistryEntry[] {
  if (pinned.length === 0) return shown as RegistryEntry[];
  const byKey = new Map(shown.map((group) => [groupKey(group), group]));
  const first = pinned.flatMap((key) => byKey.get(key) ?? []);
  if (first.length === 0) return shown as RegistryEntry[];
  const firstKeys = new Set(first.map(groupKey));
  return [...first, ...shown.filter((group) => !firstKeys.has(groupKey(group)))];
}

/** `#groups/due` (a reminder's notification) opens the list on the tokens due, and so does a link to it later. */
function useEnvironmentFilter() {
  const [environment, setEnvironment] = useState<EnvironmentFilter>(() =>
    targetOfHash(location.hash) === 'due' ? 'due' : 'all',
  );
  useEffect(() => {
    const onHash = () => {
      if (targetOfHash(location.hash) === 'due') setEnvironment('due');
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return [environment, setEnvironment] as const;
}

/** The time relative times and token ages are counted from: once a minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface GroupViewOptions {
  groups: RegistryEntry[];
  /** While the registry loads, `groups` holds only its first rows (by name), and these are its counts. */
  loading: Record<'Customer' | 'Testing', number> | undefined;
  /** Groups the last action created: shown first, until the next action. */
  pinnedKeys: readonly string[];
  /** **Rotate tokens every**, in days (0: Off), and how many tokens are due. */
  rotation: { everyDays: number; due: number } | undefined;
}

/**
 * Which groups the list shows, and in what order: the search, the Show filter, the sort, the pinned
 * groups first, and the counts the toolbar says.
 */
export function useGroupView({ groups, loading, pinnedKeys, rotation }: GroupViewOptions) {
  const [search, setSearch] = useState('');
  const [environment, setEnvironment] = useEnvironmentFilter();
  const [sort, setSort] = useState<SortOrder>('name');
  const now = useMinuteClock();
  // Sorted (and folded for search) once per registry change or sort order, not per keystroke nor when the
  // section is shown again (sortedGroupsOf remembers): a keystroke only narrows the last result
  // (lib/text/word-search.ts), so it renders at once, not deferred.
  const index = useMemo(() => sortedGroupsOf(groups, sort), [groups, sort]);
  const everyDays = rotation?.everyDays ?? 0;
  const due = useMemo(() => ({ everyDays, now }), [everyDays, now]);
  const searchIndex = useMemo(() => groupSearchOf(index), [index]);
  // The texts the search compares (every name and id, folded) are made while the page is idle once the
  // whole registry is in, not on the first keystroke.
  useEffect(() => {
    if (loading || typeof requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(() => void index.haystacks, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [index, loading]);
  const matching = useMemo(() => searchIndex(search, environment, due), [searchIndex, search, environment, due]);
  const visible = useMemo(() => withPinnedFirst(matching, pinnedKeys), [matching, pinnedKeys]);
  const loadedCounts = useMemo(() => countByEnvironment(groups), [groups]);
  const counts = loading ?? loadedCounts;
  const total = counts.Customer + counts.Testing;
  const searchField = useRef<HTMLInputElement>(null);
  const empty = groups.length === 0 && !loading;

  return {
    search,
    setSearch,
    environment,
    setEnvironment,
    sort,
    setSort,
    now,
    visible,
    counts,
    total,
    // Loading, the list shows every group (none is filtered out yet) of which the first rows are in.
    shown: loading && !search && environment === 'all' ? total : visible.length,
    empty,
    noMatch: !empty && visible.length === 0,
    filterLabel:
      environment === 'due' ? t('groupsFilterDue', rotation?.due ?? 0) : t(ENVIRONMENT_FILTER_LABELS[environment]),
    searchField,
    clearFilter: () => {
      setSearch('');
      setEnvironment('all');
      searchField.current?.focus();
    },
  };
}
