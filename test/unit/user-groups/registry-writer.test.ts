import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { messageText } from '@/lib/message-ref';
import { readStorageNotices } from '@/lib/storage/notices-item';
import { EMPTY_REGISTRY, type Registry, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { removeGroup, upsertFromService } from '@/lib/user-groups/operations/registry-updates';
import { createRegistryWriter, type RegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { loadStorageFixture } from '../fixtures/storage/load';
import { bucketOf, REGISTRY_BUCKET_COUNT } from '@/lib/storage/registry/registry-buckets';
import {
  clearExtraOf,
  clearTokensOf,
  registryPartKey,
  registryTokensKey,
  seedRegistry,
  seedRegistryV2,
  storedRegistry,
} from '../helpers/stored-registry';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';
import { asReadNow } from '../helpers/error-text';

const registryV1 = loadStorageFixture<Registry>('user-group-registry.v1.json');
const registryCorrupt = loadStorageFixture<unknown>('user-group-registry.corrupt.json');

const registryV1Read = asReadNow(registryV1);

const NOW = '2025-04-01T12:00:00.000Z';
// The registry cannot be "entered again": the notice says where the unreadable data was kept.
const CORRUPT_NOTICE =
  "The saved user group registry could not be read. It was kept unchanged under “corrupt:ws.test-ws.userGroupRegistry” in this browser's storage and a fresh one was started; nothing was deleted.";

function wire(i: number, environment: 'Customer' | 'Testing' = 'Customer') {
  return {
    team_id: 1000 + i,
    token: `ugt_${environment}_${i}`,
    name: `Group ${i}`,
    provided_id: `group-${i}`,
    api_environment_tag: environment,
  };
}

/** A change that adds group i (as the create handler does). */
function addGroup(i: number, environment: 'Customer' | 'Testing' = 'Customer') {
  return (registry: Registry) => ({
    registry: upsertFromService(registry, wire(i, environment), environment, NOW),
    result: i,
  });
}

async function stored(): Promise<Registry> {
  return storedRegistry();
}

function storedIds(value: Registry): string[] {
  return value.groups.map((group: RegistryEntry) => `${group.environment}:${group.provided_id}`).sort();
}

function expectedIds(count: number, environment = 'Customer') {
  return Array.from({ length: count }, (_, i) => `${environment}:group-${i}`).sort();
}

const byKey = (groups: readonly RegistryEntry[]) =>
  [...groups].sort((a, b) => `${a.environment}:${a.provided_id}`.localeCompare(`${b.environment}:${b.provided_id}`));

let writer: RegistryWriter;

beforeEach(() => {
  fakeBrowser.reset();
  writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
});

describe('reading', () => {
  it('an empty store reads as the empty registry, and writes nothing', async () => {
    expect(await writer.read()).toStrictEqual(EMPTY_REGISTRY);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('a v2 registry (rotation mark, nested extra fields, same id in both environments) reads back exactly, and reading writes nothing', async () => {
    await seedRegistry(registryV1.groups);
    const before = await fakeBrowser.storage.local.get(null);
    expect(byKey((await writer.read()).groups)).toStrictEqual(byKey(registryV1Read.groups));
    expect(await fakeBrowser.storage.local.get(null)).toStrictEqual(before);
  });

  it('reads storage once for a series of changes, and each change is persisted', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    for (const i of [1, 2, 3]) {
      await writer.update(addGroup(i));
      expect(storedIds(await stored())).toContain(`Customer:group-${i}`);
    }
    const readsOfParts = get.mock.calls.filter(([keys]) => JSON.stringify(keys).includes('userGroups.')).length;
    expect(readsOfParts - 3, 'reads beyond the three made by this test').toBeLessThanOrEqual(1);
  });

  it('notices a change made by anyone else and works on it, not on its stale copy', async () => {
    await writer.update(addGroup(1));
    await fakeBrowser.storage.local.clear();
    await seedRegistry([{ ...registryV1.groups[0]!, provided_id: 'theirs' }]);
    await vi.waitFor(async () => expect(storedIds(await writer.read())).toEqual(['Customer:theirs']));
    await writer.update(addGroup(2));
    expect(storedIds(await stored())).toEqual(['Customer:group-2', 'Customer:theirs']);
  });
});

describe('stored in parts', () => {
  it('with 1,000 groups stored, a change writes one small part and the index in one storage call', async () => {
    await Promise.all(Array.from({ length: 1000 }, (_, i) => writer.update(addGroup(i))));
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await writer.update(addGroup(1000));
    expect(set).toHaveBeenCalledTimes(1);
    const written = set.mock.calls[0]![0] as Record<string, unknown>;
    const part = bucketOf((await writer.read()).groups.find((group) => group.provided_id === 'group-1000')!);
    // The part, its tokens (the new group's token is new), and the index: nothing else. The index holds
    // the first 24 rows' display fields (about 4 KB, for the options page's first screen); the whole
    // registry would be about 170 KB.
    expect(Object.keys(written)).toEqual([registryPartKey(part), registryTokensKey(part), 'ws.test-ws.userGroupIndex']);
    expect(JSON.stringify(written).length).toBeLessThan(6_000);
    expect((await stored()).groups).toHaveLength(1001);
  });

  it('groups spread over the parts: no part holds more than 3× its share of 10,000 ids', () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      const part = bucketOf({ ...registryV1.groups[0]!, provided_id: `group-${i}` });
      counts.set(part, (counts.get(part) ?? 0) + 1);
    }
    expect(counts.size).toBe(REGISTRY_BUCKET_COUNT);
    expect(Math.max(...counts.values())).toBeLessThan((3 * 10_000) / REGISTRY_BUCKET_COUNT);
  });

  it('a change touching groups in several parts is one storage call', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => writer.update(addGroup(i))));
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await writer.update((registry) => ({
      registry: { groups: registry.groups.map((group) => ({ ...group, name: `${group.name}!` })) },
      result: null,
    }));
    expect(set).toHaveBeenCalledTimes(1);
    expect((await stored()).groups.every((group) => group.name.endsWith('!'))).toBe(true);
  });

  it('a group found in another part than its own is read, and moved to its own part when it changes', async () => {
    const [group] = registryV1.groups;
    const own = bucketOf(group!);
    const other = (own + 1) % REGISTRY_BUCKET_COUNT;
    await fakeBrowser.storage.local.set({ [registryPartKey(other)]: { groups: [group] } });
    expect((await writer.read()).groups).toStrictEqual([asReadNow(group)]);
    await writer.update((registry) => ({
      registry: { groups: registry.groups.map((entry) => ({ ...entry, name: 'Renamed' })) },
      result: null,
    }));
    const all = await fakeBrowser.storage.local.get(null);
    expect((all[registryPartKey(other)] as Registry).groups).toEqual([]);
    const { token, extra, ...withoutToken } = asReadNow(group)!;
    expect((all[registryPartKey(own)] as Registry).groups).toEqual([{ ...withoutToken, extra: {}, name: 'Renamed' }]);
    // Its token and extra fields moved with it, into the token key of its own part.
    expect(clearTokensOf(all[registryTokensKey(own)])).toEqual({
      [`${group!.environment}:${group!.provided_id}`]: token,
    });
    expect(clearExtraOf(all[registryTokensKey(own)])).toEqual({
      [`${group!.environment}:${group!.provided_id}`]: extra,
    });
    expect(Object.keys(extra).length).toBeGreaterThan(0);
    expect(clearTokensOf(all[registryTokensKey(other)])).toEqual({});
  });

  it('a part that cannot be read is kept aside under its own corrupt: key; the other parts are untouched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await seedRegistry(registryV1.groups);
    const part = bucketOf(registryV1.groups[0]!);
    await fakeBrowser.storage.local.set({ [registryPartKey(part)]: registryCorrupt });

    const groups = (await writer.read()).groups;
    expect(groups).not.toContainEqual(registryV1Read.groups[0]);
    expect(groups).toContainEqual(registryV1Read.groups[1]);
    const all = await fakeBrowser.storage.local.get(null);
    const kept = Object.entries(all).filter(([key]) => key.startsWith(`corrupt:${registryPartKey(part)}:`));
    expect(kept.map(([, copy]) => copy)).toStrictEqual([registryCorrupt]);
    expect(all[registryPartKey(part)]).toBeUndefined();
    expect((await readStorageNotices()).map(messageText)).toEqual([
      `The saved user group registry (part ${part + 1} of ${REGISTRY_BUCKET_COUNT}) could not be read. It was kept unchanged under “corrupt:${registryPartKey(part)}” in this browser's storage and a fresh one was started; nothing was deleted.`,
    ]);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('ugt_corrupt_but_only_copy');
  });
});

/** Format v1's one value, under the test workspace's scope (the upgrade moves the legacy one there). */
const LEGACY_KEY = testKey('userGroupRegistry');

describe('format v1 (one stored value) moves into the parts', () => {
  it('a v1 registry (rotation mark, nested extra fields, same id in both environments) reads back exactly, stored in parts', async () => {
    await fakeBrowser.storage.local.set({ [LEGACY_KEY]: registryV1, [`${LEGACY_KEY}$`]: { v: 1 } });
    expect(registryV1.groups).toHaveLength(2);
    expect(byKey((await writer.read()).groups)).toStrictEqual(byKey(registryV1Read.groups));
    const all = await fakeBrowser.storage.local.get(null);
    expect(all[LEGACY_KEY]).toBeUndefined();
    expect(all[`${LEGACY_KEY}$`]).toBeUndefined();
    expect(byKey((await stored()).groups)).toStrictEqual(byKey(registryV1Read.groups));
    // a new worker reads the same from the parts alone
    expect(
      byKey((await createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)).read()).groups),
    ).toStrictEqual(byKey(registryV1Read.groups));
  });

  it('a move cut off before the v1 value was removed is finished without doubling any group', async () => {
    // Cut off after the parts were written (format v2: the move to v3 had not run yet).
    await seedRegistryV2([registryV1.groups[0]!]);
    await fakeBrowser.storage.local.set({ [LEGACY_KEY]: registryV1 });
    expect(byKey((await writer.read()).groups)).toStrictEqual(byKey(registryV1Read.groups));
    expect((await stored()).groups).toHaveLength(2);
    expect((await fakeBrowser.storage.local.get(null))[LEGACY_KEY]).toBeUndefined();
  });

  it('a v1 registry survives an unrelated update unchanged, next to the new group', async () => {
    await fakeBrowser.storage.local.set({ [LEGACY_KEY]: registryV1 });
    await writer.update(addGroup(3));
    const after = await stored();
    for (const group of registryV1Read.groups) expect(after.groups).toContainEqual(group);
    expect(after.groups.find((group) => group.provided_id === 'group-3')).toMatchObject({ createdAt: NOW });
  });

  it('a corrupt v1 registry is kept aside under a corrupt: key (nothing lost), removed, and a notice is added', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ [LEGACY_KEY]: registryCorrupt });

    expect(await writer.read()).toStrictEqual(EMPTY_REGISTRY);

    const all = await fakeBrowser.storage.local.get(null);
    const corruptKeys = Object.keys(all).filter((key) => key.startsWith('corrupt:'));
    expect(corruptKeys).toHaveLength(1);
    expect(corruptKeys[0]).toMatch(/^corrupt:ws\.test-ws\.userGroupRegistry:\d+$/);
    expect(all[corruptKeys[0]!]).toStrictEqual(registryCorrupt);
    expect(all[LEGACY_KEY]).toBeUndefined();
    expect((await readStorageNotices()).map(messageText)).toEqual([CORRUPT_NOTICE]);
    // Named, with the key as data: the page shows it in its language.
    expect(await readStorageNotices()).toEqual([
      { key: 'storageNoticeKeptAside', args: [{ key: 'storedUserGroupRegistry' }, 'ws.test-ws.userGroupRegistry'] },
    ]);
    // the warning names the item, never its content (which holds tokens)
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('ugt_corrupt_but_only_copy');
  });

  it.each<[string, unknown]>([
    ['a string', 'ugt_a_token'],
    ['an array', [{ token: 'ugt_x' }]],
    ['groups that is not an array', { groups: { a: 1 } }],
    [
      'an entry without extra',
      {
        groups: [
          {
            team_id: 1,
            token: 't',
            name: 'n',
            provided_id: 'p',
            environment: 'Customer',
            createdAt: NOW,
            lastRotatedAt: null,
          },
        ],
      },
    ],
  ])('%s is corrupt too: kept aside and reset', async (_label, value) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ [LEGACY_KEY]: value });
    expect(await writer.read()).toStrictEqual(EMPTY_REGISTRY);
    const all = await fakeBrowser.storage.local.get(null);
    const kept = Object.entries(all).filter(([key]) => key.startsWith(`corrupt:${LEGACY_KEY}:`));
    expect(kept.map(([, copy]) => copy)).toStrictEqual([value]);
  });

  it('an update on a corrupt registry keeps the copy and stores the new group in a fresh registry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ [LEGACY_KEY]: registryCorrupt });
    await writer.update(addGroup(1));
    const all = await fakeBrowser.storage.local.get(null);
    expect(storedIds(await stored())).toEqual(['Customer:group-1']);
    expect(
      Object.entries(all)
        .filter(([key]) => key.startsWith('corrupt:'))
        .map(([, copy]) => copy),
    ).toStrictEqual([registryCorrupt]);
  });
});

describe('serialized updates', () => {
  it('50 updates fired at once, each adding a different group: all 50 are stored', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => writer.update(addGroup(i))));
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(storedIds(await stored())).toEqual(expectedIds(50));
  });

  it('updates run in the order they were called, each seeing the result of the previous one', async () => {
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        writer.update((registry) => {
          seen.push(registry.groups.length);
          return addGroup(i)(registry);
        }),
      ),
    );
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(storedIds(await stored())).toEqual(expectedIds(10));
  });

  it('two callers sharing the background’s one writer, interleaving adds and removes, lose nothing', async () => {
    // Caller A (say, an options tab) adds 25 Customer groups while caller B (another tab) adds 25 Testing
    // groups and removes every 5th Customer group it knows about, all at once.
    const callerA = Array.from({ length: 25 }, (_, i) => writer.update(addGroup(i, 'Customer')));
    const callerB = Array.from({ length: 25 }, (_, i) =>
      i % 5 === 0
        ? writer.update((registry) => ({
            registry: removeGroup(registry, { environment: 'Customer', userGroupId: `group-${i}` }),
            result: i,
          }))
        : writer.update(addGroup(i, 'Testing')),
    );
    await Promise.all([...callerA, ...callerB]);
    const expected = [
      ...expectedIds(25, 'Customer').filter((id) => Number(id.split('-')[1]) % 5 !== 0),
      ...Array.from({ length: 25 }, (_, i) => i)
        .filter((i) => i % 5 !== 0)
        .map((i) => `Testing:group-${i}`),
    ].sort();
    expect(storedIds(await stored())).toEqual(expected);
  });

  it('guaranteed: exactly one writer per workspace — created once by its services (which the background keeps) and shared by every user of its registry', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const root = new URL('../../../', import.meta.url);
    const callSites = (['entrypoints', 'lib'] as const).flatMap((folder) =>
      readdirSync(new URL(folder, root), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .flatMap((file) => {
          const source = readFileSync(new URL(`${folder}/${file}`, root), 'utf8');
          const calls = source.match(/(?<!function )createRegistryWriter\(/g) ?? [];
          return calls.map(() => `${folder}/${file}`);
        }),
    );
    expect(callSites).toEqual(['entrypoints/background/workspace-services.ts']);
  });

  it('NOT guaranteed: two separate writer instances do not serialize with each other and can lose updates', async () => {
    // This documents the limit of the guarantee: serialization lives in the instance (a promise chain),
    // not in storage. Should a second writer ever be created, updates of groups stored in the same part
    // interleave read-modify-write. Ten ids that share a part:
    const part = bucketOf({ ...registryV1.groups[0]!, environment: 'Customer', provided_id: 'group-0' });
    const samePart = Array.from({ length: 5000 }, (_, i) => i)
      .filter(
        (i) => bucketOf({ ...registryV1.groups[0]!, environment: 'Customer', provided_id: `group-${i}` }) === part,
      )
      .slice(0, 10);
    const first = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    const second = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    await Promise.all(samePart.map((i, position) => (position % 2 ? first : second).update(addGroup(i))));
    const expected = samePart.map((i) => `Customer:group-${i}`).sort();
    const ids = storedIds(await stored());
    expect(ids.every((id) => expected.includes(id))).toBe(true);
    expect(ids.length).toBeLessThan(10);
    // the same ten updates through one writer all land
    await fakeBrowser.storage.local.clear();
    await vi.waitFor(async () => expect((await first.read()).groups).toEqual([]));
    await Promise.all(samePart.map((i) => first.update(addGroup(i))));
    expect(storedIds(await stored())).toEqual(expected);
  });

  it('a change that throws rejects that caller only; earlier and later updates still run', async () => {
    const boom = new Error('change failed');
    const before = writer.update(addGroup(1));
    const failing = writer.update(() => {
      throw boom;
    });
    const after = writer.update(addGroup(2));
    await expect(before).resolves.toBe(1);
    await expect(failing).rejects.toBe(boom);
    await expect(after).resolves.toBe(2);
    expect(storedIds(await stored())).toEqual(['Customer:group-1', 'Customer:group-2']);
  });

  it('a change producing an invalid registry is refused by the schema on write: that caller rejects, storage keeps the last good value', async () => {
    await writer.update(addGroup(1));
    const invalid = writer.update((registry) => ({
      registry: {
        groups: [
          ...registry.groups,
          { ...registry.groups[0]!, provided_id: 'bad', environment: 'Staging' as 'Customer' },
        ],
      },
      result: null,
    }));
    await expect(invalid).rejects.toThrow();
    expect(storedIds(await stored())).toEqual(['Customer:group-1']);
    await writer.update(addGroup(2));
    expect(storedIds(await stored())).toEqual(['Customer:group-1', 'Customer:group-2']);
  });

  it('a change that returns the registry it was given writes nothing', async () => {
    await writer.update(addGroup(1));
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect(await writer.update((registry) => ({ registry, result: 'same' }))).toBe('same');
    expect(set).not.toHaveBeenCalled();
  });

  it('each update is persisted before it resolves', async () => {
    for (let i = 0; i < 3; i++) {
      await writer.update(addGroup(i));
      expect(storedIds(await stored())).toEqual(expectedIds(i + 1));
    }
  });

  it('each update reads the latest stored value, including one written outside this writer', async () => {
    await writer.update(addGroup(1));
    const outside = await stored();
    await seedRegistry([{ ...outside.groups[0]!, provided_id: 'from-import' }]);
    await writer.update(addGroup(2));
    expect(storedIds(await stored())).toEqual(['Customer:from-import', 'Customer:group-1', 'Customer:group-2']);
  });
});
