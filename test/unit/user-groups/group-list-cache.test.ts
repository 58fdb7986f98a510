import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  filterGroups,
  groupSearchOf,
  sortedGroupsOf,
  type EnvironmentFilter,
  type SortOrder,
} from '@/lib/user-groups/registry-views/filter-groups';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';

const entry = (name: string, id: string, environment: 'Customer' | 'Testing', day: number): RegistryEntry => ({
  team_id: 1,
  token: `ugt_${id}`,
  name,
  provided_id: id,
  environment,
  createdAt: `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  lastRotatedAt: null,
  extra: {},
});

describe('the groups list remembers its sorted list and search per registry array (issue 25)', () => {
  const groups = [entry('Zeta', 'z-1', 'Customer', 1), entry('Alpha', 'a-1', 'Testing', 2)];

  it('gives the same sorted list for the same array and order, a new one for a changed registry or order', () => {
    const byName = sortedGroupsOf(groups, 'name');
    expect(sortedGroupsOf(groups, 'name')).toBe(byName);
    expect(byName.groups.map((group) => group.name)).toEqual(['Alpha', 'Zeta']);
    expect(sortedGroupsOf(groups, 'newest')).not.toBe(byName);
    const changed = [...groups, entry('Beta', 'b-1', 'Customer', 3)];
    expect(sortedGroupsOf(changed, 'name').groups.map((group) => group.name)).toEqual(['Alpha', 'Beta', 'Zeta']);
  });

  it('gives one search per sorted list, which answers a query seen before with the very same rows', () => {
    const search = groupSearchOf(sortedGroupsOf(groups, 'name'));
    expect(groupSearchOf(sortedGroupsOf(groups, 'name'))).toBe(search);
    const first = search('a', 'all');
    expect(search('a', 'all')).toBe(first);
  });

  // The list shown again reuses a search that has already answered other queries: whatever it remembers,
  // each answer is what the plain filter gives for that query alone.
  const names = ['Hooli QA', 'Müller', 'müller 2', 'Acme', 'ACME-2', 'Zoë', 'zoe', 'Straße', 'qa hooli', 'b'];
  const arbitraryGroup = fc.record({
    name: fc.constantFrom(...names),
    id: fc.stringMatching(/^[a-z0-9-]{1,6}$/),
    environment: fc.constantFrom('Customer' as const, 'Testing' as const),
    day: fc.integer({ min: 1, max: 28 }),
  });
  const arbitraryQuery = fc.record({
    search: fc.constantFrom(
      '',
      'a',
      'ac',
      'acme',
      'mu',
      'mül',
      'muller',
      'qa h',
      'hooli qa',
      'ss',
      'zo',
      'zoe 2',
      '2',
      '-',
    ),
    environment: fc.constantFrom<EnvironmentFilter>('all', 'Customer', 'Testing'),
  });

  it('answers every query in a sequence as the plain filter does (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryGroup, { selector: (group) => `${group.environment}:${group.id}`, maxLength: 40 }),
        fc.constantFrom<SortOrder>('name', 'id', 'newest', 'oldest'),
        fc.array(arbitraryQuery, { minLength: 1, maxLength: 12 }),
        (drawn, sort, queries) => {
          const registry = drawn.map((group) => entry(group.name, group.id, group.environment, group.day));
          for (const query of queries) {
            // Looked up afresh each time, as a list drawn again would.
            const shown = groupSearchOf(sortedGroupsOf(registry, sort))(query.search, query.environment);
            expect(shown).toEqual(filterGroups(registry, { ...query, sort }));
          }
        },
      ),
    );
  });
});
