import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { computeRegistryIndex, indexedGroup } from '@/lib/storage/registry/registry-index';
import {
  parseRegistryIndex,
  previewRowsOf,
  readRegistryIndex,
  sameRegistryIndex,
} from '@/lib/storage/registry/registry-index-read';
import { splitIntoBuckets } from '@/lib/storage/registry/registry-buckets';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import type { Registry, RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { filterGroups } from '@/lib/user-groups/registry-views/filter-groups';
import { upsertFromService } from '@/lib/user-groups/operations/registry-updates';
import { loadStorageFixture } from '../fixtures/storage/load';
import { seedRegistry, storedRegistry } from '../helpers/stored-registry';
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
  it('counts each environment and holds the first rows in the list’s own order (accents, case, numbers)', () => {
    const groups = someGroups(300);
    const index = computeRegistryIndex(splitIntoBuckets(groups), 40);
    const listed = filterGroups(groups, { search: '', environment: 'all', sort: 'name' });
    expect(index.version).toBe(2);
    expect(index.first.map((group) => [group.environment, group.provided_id])).toEqual(
      listed.slice(0, 40).map((group) => [group.environment, group.provided_id]),
    );
    expect(index.counts).toEqual({
      Customer: groups.filter((group) => group.environment === 'Customer').length,
      Testing: groups.filter((group) => group.environment === 'Testing').length,
    });
  });

  it('holds what the rows show, never a token nor the service’s extra fields, and fewer rows when the registry is small', () => {
    const marked: RegistryEntry = {
      ...entry(1),
      token: 'ugt_secret_marked',
      issuedAt: NOW,
      lastRotatedAt: NOW,
      rotation: { state: 'unknown', since: NOW, message: { key: 'groupsRotationUnknown' } },
      deleteOutcomeUnknown: { since: NOW },
      extra: { secretish: 'not for the index' },
    };
    const groups = [...someGroups(4), marked];
    const index = computeRegistryIndex([groups], 40);
    expect(index.first).toHaveLength(5);
    expect(JSON.stringify(index)).not.toContain('ugt_');
    expect(JSON.stringify(index)).not.toContain('secretish');
    const found = index.first.find((group) => group.provided_id === marked.provided_id);
    expect({ ...found, token: marked.token, extra: marked.extra }).toEqual(marked);
    expect(found).not.toHaveProperty('token');
    expect(found).not.toHaveProperty('extra');
  });

  it('its rows read back as list entries without a token, in the index’s order', () => {
    const groups = someGroups(200);
    const index = parseRegistryIndex(JSON.parse(JSON.stringify(computeRegistryIndex(splitIntoBuckets(groups), 40))));
    expect(index).toBeDefined();
    const rows = previewRowsOf(index!, 10);
    expect(rows).toEqual(
      filterGroups(groups, { search: '', environment: 'all', sort: 'name' })
        .slice(0, 10)
        .map((group) => ({ ...group, token: '', extra: {} })),
    );
  });

  it('two indexes are the same whatever order their fields were stored in', () => {
    const index = computeRegistryIndex([someGroups(5)], 40);
    const reordered = {
      first: index.first.map((group) => Object.fromEntries(Object.entries(group).reverse())),
      counts: { Testing: index.counts.Testing, Customer: index.counts.Customer },
      version: 2,
    } as typeof index;
    expect(sameRegistryIndex(index, reordered)).toBe(true);
    expect(sameRegistryIndex(index, { ...index, first: index.first.slice(1) })).toBe(false);
    expect(sameRegistryIndex(undefined, index)).toBe(false);
  });

  it('another shape, and version 1 (rows as [environment, id, part]), read as no index (then it is rebuilt)', () => {
    const stored = loadStorageFixture<Record<string, unknown>>('user-group-index.v1.json');
    expect(parseRegistryIndex(stored[testKey('userGroupIndex')])).toBeUndefined();
    expect(parseRegistryIndex({ version: 2 })).toBeUndefined();
    expect(parseRegistryIndex({ version: 2, counts: { Customer: 1, Testing: 0 }, first: [['Customer', 'a', 3]] })).toBe(
      undefined,
    );
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
    const writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    for (const i of [3, 1, 20, 2]) await writer.update(add(i));
    expect(await readRegistryIndex(TEST_SCOPE)).toEqual(
      computeRegistryIndex(splitIntoBuckets((await writer.read()).groups)),
    );
    expect((await readRegistryIndex(TEST_SCOPE))?.first.map((group) => group.provided_id)).toEqual([
      'group-1',
      'group-2',
      'group-3',
      'group-20',
    ]);
  });

  it('rebuilds a missing index (data stored before it existed) when asked, and a stale one at the next change', async () => {
    const groups = someGroups(30);
    await seedRegistry(groups);
    const writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
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

  it('an index of version 1 (stored before the rows’ display fields) is rewritten as version 2 and no group is lost', async () => {
    const stored = loadStorageFixture<Record<string, unknown>>('user-group-index.v1.json');
    await fakeBrowser.storage.local.set(stored);
    const before = await storedRegistry();
    const writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    await writer.refreshIndex();
    const rebuilt = await readRegistryIndex(TEST_SCOPE);
    expect(rebuilt).toEqual(computeRegistryIndex(splitIntoBuckets(before.groups)));
    expect(rebuilt?.counts).toEqual({ Customer: 3, Testing: 1 });
    expect(rebuilt?.first.map((group) => `${group.environment}:${group.provided_id}`)).toEqual([
      'Customer:acme-qa',
      'Testing:acme-qa',
      'Customer:beta-team',
      'Customer:zeta',
    ]);
    expect(rebuilt?.first[1]).toEqual(indexedGroup(before.groups.find((group) => group.environment === 'Testing')!));
    // The parts, tokens and extra fields included, are as they were.
    expect(await storedRegistry()).toEqual(before);
    expect(before.groups).toHaveLength(4);
    expect(JSON.stringify(rebuilt)).not.toContain('ugt_');
  });

  it('a refresh that finds the index right writes nothing', async () => {
    const writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    await writer.update(add(1));
    const before = await fakeBrowser.storage.local.get(null);
    await writer.refreshIndex();
    expect(await fakeBrowser.storage.local.get(null)).toStrictEqual(before);
  });
});
