import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { computeRegistryIndex } from '@/lib/storage/registry/registry-index';
import {
  firstRowsOf,
  parseRegistryIndex,
  partsOfFirstRows,
  readRegistryIndex,
} from '@/lib/storage/registry/registry-index-read';
import { bucketOfGroup, splitIntoBuckets } from '@/lib/storage/registry/registry-buckets';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import type { Registry, RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { filterGroups } from '@/lib/user-groups/filter-groups';
import { upsertFromService } from '@/lib/user-groups/registry-updates';
import { seedRegistry } from '../helpers/stored-registry';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';

const NOW = '2025-04-01T12:00:00.000Z';
const NAMES = [
  'Müller',
  'muller 2',
  'Muller 10',
  'Hooli QA',
  'hooli-qa',
  'Ärzte',
  'Zeta',
  'alpha',
  'Alpha 1',
  'Ω team',
];

function entry(i: number, environment: 'Customer' | 'Testing' = i % 3 === 0 ? 'Testing' : 'Customer'): RegistryEntry {
  return {
    name: `${NAMES[i % NAMES.length]!} ${i % 7}`,
    provided_id: `group-${i % 50}`,
    environment,
    token: `ugt_secret_${i}`,
    team_id: i,
    createdAt: NOW,
    lastRotatedAt: null,
    extra: {},
  };
}

const someGroups = (count: number) => {
  const seen = new Set<string>();
  const groups: RegistryEntry[] = [];
  for (let i = 0; groups.length < count; i += 1) {
    const group = entry(i);
    const key = `${group.environment}:${group.provided_id}:${i}`;
    if (seen.has(key)) continue;
    seen.add(key);
    groups.push({ ...group, provided_id: `${group.provided_id}-${i}` });
  }
  return groups;
};

beforeEach(() => fakeBrowser.reset());

describe('the index of a registry', () => {
  it('counts each environment and names the first rows in the list’s own order (accents, case, numbers)', () => {
    const groups = someGroups(300);
    const index = computeRegistryIndex(splitIntoBuckets(groups), 40);
    const listed = filterGroups(groups, { search: '', environment: 'all', sort: 'name' });
    expect(index.first).toEqual(
      listed.slice(0, 40).map((group) => [group.environment, group.provided_id, bucketOfGroup(group)]),
    );
    expect(index.counts).toEqual({
      Customer: groups.filter((group) => group.environment === 'Customer').length,
      Testing: groups.filter((group) => group.environment === 'Testing').length,
    });
  });

  it('holds no token, and fewer rows than asked when the registry is small', () => {
    const groups = someGroups(5);
    const index = computeRegistryIndex([groups], 40);
    expect(index.first).toHaveLength(5);
    expect(JSON.stringify(index)).not.toContain('ugt_');
  });

  it('names the parts that hold the first rows (wherever they are filed), and finds those rows there', () => {
    const groups = someGroups(200);
    // Filed anywhere (data written by another version): the index names the part each row is in.
    const stored = [groups.slice(0, 100), [], groups.slice(100)];
    const index = computeRegistryIndex(stored, 40);
    const parts = partsOfFirstRows(index, 10);
    const inParts = parts.flatMap((part) => stored[part]!);
    expect(firstRowsOf(index, 10, inParts)).toEqual(
      filterGroups(groups, { search: '', environment: 'all', sort: 'name' }).slice(0, 10),
    );
    const [, firstId] = index.first[0]!;
    expect(
      firstRowsOf(
        index,
        10,
        inParts.filter((group) => group.provided_id !== firstId),
      ),
    ).toBeUndefined();
  });

  it('another shape reads as no index (then it is rebuilt)', () => {
    expect(parseRegistryIndex({ version: 2 })).toBeUndefined();
    expect(parseRegistryIndex(undefined)).toBeUndefined();
  });
});

describe('the writer keeps the index', () => {
  const add = (i: number) => (registry: Registry) => ({
    registry: upsertFromService(
      registry,
      { team_id: i, token: `ugt_${i}`, name: `Group ${i}`, provided_id: `group-${i}`, api_environment_tag: 'Customer' },
      'Customer',
      NOW,
    ),
    result: i,
  });

  it('writes it with every change, matching what is stored', async () => {
    const writer = createRegistryWriter(TEST_SCOPE);
    for (const i of [3, 1, 20, 2]) await writer.update(add(i));
    expect(await readRegistryIndex(TEST_SCOPE)).toEqual(
      computeRegistryIndex(splitIntoBuckets((await writer.read()).groups)),
    );
    expect((await readRegistryIndex(TEST_SCOPE))?.first.map(([, id]) => id)).toEqual([
      'group-1',
      'group-2',
      'group-3',
      'group-20',
    ]);
  });

  it('rebuilds a missing index (data stored before it existed) when asked, and a stale one at the next change', async () => {
    const groups = someGroups(30);
    await seedRegistry(groups);
    const writer = createRegistryWriter(TEST_SCOPE);
    expect(await readRegistryIndex(TEST_SCOPE)).toBeUndefined();
    await writer.refreshIndex();
    const expected = computeRegistryIndex(splitIntoBuckets((await writer.read()).groups));
    expect(await readRegistryIndex(TEST_SCOPE)).toEqual(expected);

    await fakeBrowser.storage.local.set({
      [testKey('userGroupIndex')]: { version: 1, counts: { Customer: 1, Testing: 0 }, first: [] },
    });
    await writer.refreshIndex();
    expect(await readRegistryIndex(TEST_SCOPE)).toEqual(expected);
  });

  it('a refresh that finds the index right writes nothing', async () => {
    const writer = createRegistryWriter(TEST_SCOPE);
    await writer.update(add(1));
    const before = await fakeBrowser.storage.local.get(null);
    await writer.refreshIndex();
    expect(await fakeBrowser.storage.local.get(null)).toStrictEqual(before);
  });
});
