import { groupKey } from '@/lib/storage/registry/registry-schema';
import { describe, expect, it } from 'vitest';
import {
  compareText,
  countByEnvironment,
  filterGroups,
  plainSortKey,
  searchGroups,
  sortGroups,
  type GroupQuery,
} from '@/lib/user-groups/registry-views/filter-groups';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';

function entry(
  name: string,
  provided_id: string,
  environment: 'Customer' | 'Testing',
  createdAt: string,
): RegistryEntry {
  return {
    team_id: 1,
    token: `ugt_${environment}_${provided_id}`,
    name,
    provided_id,
    environment,
    createdAt,
    lastRotatedAt: null,
    extra: {},
  };
}

const GROUPS: readonly RegistryEntry[] = Object.freeze([
  entry('Acme Support', 'acme-1', 'Customer', '2025-01-03T00:00:00.000Z'),
  entry('acme support', 'acme-1', 'Testing', '2025-01-05T00:00:00.000Z'),
  entry('Zeta Labs', 'zeta-10', 'Customer', '2025-01-01T00:00:00.000Z'),
  entry('Beta Team', 'ACME-2', 'Testing', '2025-01-04T00:00:00.000Z'),
  entry('Group 2', 'g-2', 'Customer', '2025-01-02T00:00:00.000Z'),
  entry('Group 10', 'g-10', 'Customer', '2025-01-06T00:00:00.000Z'),
  entry('Émile', 'e-1', 'Testing', '2025-01-07T00:00:00.000Z'),
]);

const query = (overrides: Partial<GroupQuery> = {}): GroupQuery => ({
  search: '',
  environment: 'all',
  sort: 'name',
  ...overrides,
});
const keys = (groups: RegistryEntry[]) => groups.map(groupKey);

describe('filterGroups: search', () => {
  it('an empty or blank search matches everything', () => {
    expect(filterGroups(GROUPS, query())).toHaveLength(GROUPS.length);
    expect(filterGroups(GROUPS, query({ search: '   ' }))).toHaveLength(GROUPS.length);
  });

  it('matches the name, any case', () => {
    expect(keys(filterGroups(GROUPS, query({ search: 'ZETA', sort: 'id' })))).toEqual(['Customer:zeta-10']);
    expect(keys(filterGroups(GROUPS, query({ search: 'beta', sort: 'id' })))).toEqual(['Testing:ACME-2']);
  });

  it('matches the id, any case, and the name in the same search', () => {
    // "acme" is in two names and in three ids (one of them upper case)
    expect(keys(filterGroups(GROUPS, query({ search: 'AcMe', sort: 'oldest' })))).toEqual([
      'Customer:acme-1',
      'Testing:ACME-2',
      'Testing:acme-1',
    ]);
  });

  it('matches part of an id', () => {
    expect(keys(filterGroups(GROUPS, query({ search: '-10', sort: 'id' })))).toEqual([
      'Customer:g-10',
      'Customer:zeta-10',
    ]);
  });

  it('trims the search', () => {
    expect(keys(filterGroups(GROUPS, query({ search: '  zeta-10 \t' })))).toEqual(['Customer:zeta-10']);
  });

  it('does not search the token', () => {
    expect(filterGroups(GROUPS, query({ search: 'ugt_' }))).toEqual([]);
  });

  it('no match gives an empty list', () => {
    expect(filterGroups(GROUPS, query({ search: 'nothing like this' }))).toEqual([]);
  });
});

describe('filterGroups: environment', () => {
  it.each([
    ['Customer', ['Customer:acme-1', 'Customer:g-2', 'Customer:g-10', 'Customer:zeta-10']],
    ['Testing', ['Testing:acme-1', 'Testing:ACME-2', 'Testing:e-1']],
  ] as const)('%s shows only that environment', (environment, expected) => {
    expect(keys(filterGroups(GROUPS, query({ environment, sort: 'id' })))).toEqual(expected);
  });

  it('combines with the search', () => {
    expect(keys(filterGroups(GROUPS, query({ environment: 'Testing', search: 'acme', sort: 'id' })))).toEqual([
      'Testing:acme-1',
      'Testing:ACME-2',
    ]);
  });
});

describe('filterGroups: sort', () => {
  it('by name: case- and accent-insensitive, numbers in numeric order, ties broken by id', () => {
    const names = filterGroups(GROUPS, query({ sort: 'name' })).map((group) => `${group.name}|${group.provided_id}`);
    expect(names).toEqual([
      'Acme Support|acme-1',
      'acme support|acme-1',
      'Beta Team|ACME-2',
      'Émile|e-1',
      'Group 2|g-2',
      'Group 10|g-10',
      'Zeta Labs|zeta-10',
    ]);
  });

  it('by id: numeric-aware, the same id in both environments side by side (Customer first)', () => {
    expect(keys(filterGroups(GROUPS, query({ sort: 'id' })))).toEqual([
      'Customer:acme-1',
      'Testing:acme-1',
      'Testing:ACME-2',
      'Testing:e-1',
      'Customer:g-2',
      'Customer:g-10',
      'Customer:zeta-10',
    ]);
  });

  it('newest first', () => {
    const dates = filterGroups(GROUPS, query({ sort: 'newest' })).map((group) => group.createdAt.slice(8, 10));
    expect(dates).toEqual(['07', '06', '05', '04', '03', '02', '01']);
  });

  it('oldest first', () => {
    const dates = filterGroups(GROUPS, query({ sort: 'oldest' })).map((group) => group.createdAt.slice(8, 10));
    expect(dates).toEqual(['01', '02', '03', '04', '05', '06', '07']);
  });

  it('never reorders the array it was given', () => {
    const copy = [...GROUPS];
    const result = filterGroups(copy, query({ sort: 'newest' }));
    expect(copy).toEqual(GROUPS);
    expect(result).not.toBe(copy);
  });
});

describe('sortGroups + searchGroups: the index a keystroke filters', () => {
  it('gives the same rows as filterGroups for every query', () => {
    for (const sort of ['name', 'id', 'newest', 'oldest'] as const) {
      const index = sortGroups(GROUPS, sort);
      for (const search of ['', 'acme', 'ZETA', '-10', ' g-1 ']) {
        for (const environment of ['all', 'Customer', 'Testing'] as const) {
          expect(keys(searchGroups(index, search, environment))).toEqual(
            keys(filterGroups(GROUPS, { search, environment, sort })),
          );
        }
      }
    }
  });

  it('never matches across the end of the name and the start of the id', () => {
    // "Support" + "acme-1": a needle spanning both must not match.
    expect(searchGroups(sortGroups(GROUPS, 'name'), 'supportacme', 'all')).toEqual([]);
  });

  it('returns a fresh array the caller may change, also for an empty query', () => {
    const index = sortGroups(GROUPS, 'name');
    const all = searchGroups(index, '', 'all');
    all.pop();
    expect(searchGroups(index, '', 'all')).toHaveLength(GROUPS.length);
  });

  it('filters 10,000 indexed groups in well under a frame', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      entry(`Group ${i}`, `id-${i}`, i % 2 ? 'Customer' : 'Testing', '2025-01-01T00:00:00.000Z'),
    );
    const index = sortGroups(many, 'name');
    searchGroups(index, '99', 'all');
    let best = Infinity;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      searchGroups(index, '999', 'Customer');
      best = Math.min(best, performance.now() - started);
    }
    expect(best).toBeLessThan(8);
  });
});

describe('countByEnvironment', () => {
  it('counts each environment', () => {
    expect(countByEnvironment(GROUPS)).toEqual({ Customer: 4, Testing: 3 });
  });

  it('zero for both when empty', () => {
    expect(countByEnvironment([])).toEqual({ Customer: 0, Testing: 0 });
  });

  it('counts what a filter returned', () => {
    expect(countByEnvironment(filterGroups(GROUPS, query({ search: 'acme' })))).toEqual({ Customer: 1, Testing: 2 });
  });
});

describe('groupKey', () => {
  it('is environment:id, so the same id in two environments has two keys', () => {
    expect(groupKey({ environment: 'Customer', provided_id: 'acme-1' })).toBe('Customer:acme-1');
    expect(groupKey({ environment: 'Testing', provided_id: 'acme-1' })).toBe('Testing:acme-1');
  });

  it('is unique across the sample', () => {
    expect(new Set(GROUPS.map(groupKey)).size).toBe(GROUPS.length);
  });
});

// A guard against accidental quadratic work, not a benchmark: best of five runs, and retried because a
// machine busy with other test workers (or a browser) can stretch any single measurement.
describe('performance', { retry: 2 }, () => {
  // In no particular order (two different permutations), so that every sort does real work.
  const many: RegistryEntry[] = Array.from({ length: 10_000 }, (_, i) => {
    const k = (i * 7919) % 10_000;
    return entry(
      `Group ${(i * 4999 + 17) % 10_000}`,
      `id-${k}`,
      i % 3 ? 'Customer' : 'Testing',
      new Date(Date.UTC(2025, 0, 1) + k * 60_000).toISOString(),
    );
  });

  it.each<GroupQuery>([
    { search: '', environment: 'all', sort: 'name' },
    { search: '', environment: 'all', sort: 'id' },
    { search: '', environment: 'Testing', sort: 'newest' },
    { search: '', environment: 'all', sort: 'oldest' },
    { search: ' group 1 ', environment: 'Customer', sort: 'name' },
    { search: 'ID-99', environment: 'all', sort: 'id' },
  ])('filters and sorts 10,000 groups in under 50 ms (%o)', (q) => {
    filterGroups(many, q); // warm-up (JIT, collator)
    let best = Infinity;
    let result: RegistryEntry[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      result = filterGroups(many, q);
      best = Math.min(best, performance.now() - started);
    }
    expect(result.length).toBeGreaterThan(0);
    expect(best).toBeLessThan(50);
  });
});

describe('plainSortKey: the fast path of sorting gives the collator’s order', () => {
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const sign = (value: number) => Math.sign(value);

  it('orders numbers by value, ignores case, and puts space and hyphen before digits before letters', () => {
    const names = ['Group 10', 'group 2', 'Group-1', 'Group 1', 'GROUP', 'Group a', 'Group 02', 'Group10'];
    const fast = [...names].sort((a, b) => compareText(a, plainSortKey(a), b, plainSortKey(b)) || a.localeCompare(b));
    const slow = [...names].sort((a, b) => collator.compare(a, b) || a.localeCompare(b));
    expect(fast).toEqual(slow);
  });

  it('agrees with the collator on 20,000 random pairs of letters, digits, spaces and hyphens', () => {
    const alphabet = 'aAbZz019 -0';
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const text = () =>
      Array.from({ length: Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let pair = 0; pair < 20_000; pair++) {
      const a = text();
      const b = text();
      expect(
        sign(compareText(a, plainSortKey(a), b, plainSortKey(b))),
        `${JSON.stringify(a)} vs ${JSON.stringify(b)}`,
      ).toBe(sign(collator.compare(a, b)));
    }
  });

  it('leaves other text to the collator', () => {
    for (const text of ['Émile', 'a_b', 'a.b', 'x'.repeat(3) + '1'.repeat(20)])
      expect(plainSortKey(text)).toBeUndefined();
  });
});
