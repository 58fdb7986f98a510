// Registry format v2 → v3 (lib/storage/credentials/registry-tokens-migration.ts): each registry part's
// tokens move out of the part into its own token key, clear or sealed, and nothing is lost, whether the
// store was unlocked, locked with the tokens sealed, or cut off halfway by a stopped worker. Then the
// passphrase lock reads and writes only the token keys, never the parts.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createLockService } from '@/lib/lock/lock-service';
import { moveTokensOutOfParts } from '@/lib/storage/credentials/registry-tokens-migration';
import { moveExtraIntoTokenKeys } from '@/lib/storage/credentials/extra-migration';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { bucketOf } from '@/lib/storage/registry/registry-buckets';
import { CredentialsLockedError } from '@/lib/storage/credentials/sealed-credentials';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { createRegistryTransfer } from '@/lib/user-groups/transfer/registry-transfer';
import { loadStorageFixture } from '../fixtures/storage/load';
import { asReadNow } from '../helpers/error-text';
import { isRegistryPartKey, isRegistryTokensKey, registryFormatKey, storedRegistry } from '../helpers/stored-registry';

const SCOPE = workspaceScope('fixture-ws');
/** The passphrase the locked fixture was sealed with. */
const FIXTURE_PASSPHRASE = 'fixture passphrase 2025';

type StoredPartV2 = { groups: RegistryEntry[]; sealedTokens?: { iv: string; data: string }; revision?: string };
const unlockedV2 = loadStorageFixture<Record<string, StoredPartV2>>('user-group-registry-parts.v2.json');
const lockedV2 = loadStorageFixture<Record<string, unknown>>('user-group-registry-parts.v2.locked.json');

/** Every group of the unlocked fixture with its token, as the registry reads now. */
const EXPECTED = Object.values(unlockedV2).flatMap((part) => asReadNow(part.groups));
const TOKENS = EXPECTED.map((group) => group.token).filter(Boolean);
const byKey = (groups: readonly RegistryEntry[]) =>
  [...groups].sort((a, b) => `${a.environment}:${a.provided_id}`.localeCompare(`${b.environment}:${b.provided_id}`));

async function all(): Promise<Record<string, unknown>> {
  return fakeBrowser.storage.local.get(null);
}
const keysOf = (values: Record<string, unknown>, test: (key: string) => boolean) => Object.keys(values).filter(test);
const isPart = (key: string) => isRegistryPartKey(key, SCOPE);
const isTokens = (key: string) => isRegistryTokensKey(key, SCOPE);

/** The parts as stored hold no token, nor a sealed copy of one. */
function expectPartsWithoutTokens(values: Record<string, unknown>) {
  const parts = keysOf(values, isPart);
  expect(parts).toHaveLength(3);
  for (const key of parts) {
    const part = values[key] as StoredPartV2;
    expect(part.sealedTokens).toBeUndefined();
    expect(part.groups.some((group) => 'token' in group)).toBe(false);
  }
}

/** The whole migration, as a read of the registry runs it: the tokens out of the parts, then their extra fields. */
async function migrate(): Promise<void> {
  await moveTokensOutOfParts(SCOPE);
  await moveExtraIntoTokenKeys(SCOPE);
}

/**
 * Migrates `v2` fully, then stores the moment between "token keys first" and "then the parts": the v2
 * parts, the new token keys, no format mark. Returns the store as a full migration leaves it.
 */
async function cutOffHalfway(v2: Record<string, unknown>): Promise<Record<string, unknown>> {
  await fakeBrowser.storage.local.set(v2);
  await moveTokensOutOfParts(SCOPE);
  const halfway = await all();
  await moveExtraIntoTokenKeys(SCOPE);
  const migrated = await all();
  await fakeBrowser.storage.local.clear();
  await fakeBrowser.storage.local.set({
    ...v2,
    ...Object.fromEntries(keysOf(halfway, isTokens).map((key) => [key, halfway[key]])),
  });
  return migrated;
}

/** Each group's token, through the background's one way to reveal it (Show, Copy token). */
async function revealEach(groups: readonly RegistryEntry[]) {
  const transfer = createRegistryTransfer({
    scope: SCOPE,
    registry: createRegistryWriter(SCOPE, createPartTokenVault(SCOPE)),
  });
  return Promise.all(
    groups.map(async (group) => {
      const answer = await transfer.reveal({ environment: group.environment, userGroupId: group.provided_id });
      return answer.ok ? answer.value.token : answer.error.code;
    }),
  );
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('format v2 → v3, the lock off', () => {
  it('moves every token into its part’s token key in one storage call, then the extra fields in another; every token reads and reveals as before', async () => {
    await fakeBrowser.storage.local.set(unlockedV2);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const writer = createRegistryWriter(SCOPE, createPartTokenVault(SCOPE));
    expect(byKey((await writer.read()).groups)).toStrictEqual(byKey(EXPECTED));
    expect(set).toHaveBeenCalledTimes(2);
    const stored = await all();
    expectPartsWithoutTokens(stored);
    expect(stored[registryFormatKey(SCOPE)]).toBe(3);
    // Each token key holds the tokens of its part's groups, keyed by environment:id, with the extra
    // fields of those that have some (the service's words: the lock seals them with the tokens), and
    // keeps the revision. (In clear, each map's JSON text: one string per part.)
    const acme = EXPECTED.filter((group) => group.provided_id === 'acme-support');
    expect(stored[`${SCOPE}userGroupTokens.000`]).toStrictEqual({
      tokens: JSON.stringify({
        'Customer:acme-support': 'ugt_9f2c4a7e1b3d5f60718293a4b5c6d7e8',
        'Testing:acme-support': 'ugt_0a1b2c3d4e5f60718293a4b5c6d7e8f9',
      }),
      extra: JSON.stringify(
        Object.fromEntries(acme.map((group) => [`${group.environment}:acme-support`, group.extra])),
      ),
      revision: 'old-writer:1',
    });
    expect(byKey((await storedRegistry(SCOPE)).groups)).toStrictEqual(byKey(EXPECTED));
    expect(await revealEach(EXPECTED)).toEqual(EXPECTED.map((group) => group.token));
    // Nothing else changed: names, ids, dates and marks are as they were; the parts keep no extra field.
    expect(
      byKey(Object.values(stored).flatMap((value) => (value as StoredPartV2).groups ?? [])).map(
        ({ name, provided_id, createdAt, lastRotatedAt, extra }) => ({
          name,
          provided_id,
          createdAt,
          lastRotatedAt,
          extra,
        }),
      ),
    ).toStrictEqual(
      byKey(EXPECTED).map(({ name, provided_id, createdAt, lastRotatedAt }) => ({
        name,
        provided_id,
        createdAt,
        lastRotatedAt,
        extra: {},
      })),
    );
  });

  it('a second run (another worker, a restart) finds the mark and writes nothing', async () => {
    await fakeBrowser.storage.local.set(unlockedV2);
    expect(await moveTokensOutOfParts(SCOPE)).toBe(true);
    expect(await moveExtraIntoTokenKeys(SCOPE)).toBe(true);
    const before = await all();
    expect(await moveTokensOutOfParts(SCOPE)).toBe(false);
    expect(await moveExtraIntoTokenKeys(SCOPE)).toBe(false);
    expect(await createRegistryWriter(SCOPE, createPartTokenVault(SCOPE)).read()).toBeTruthy();
    expect(await all()).toStrictEqual(before);
  });

  it('a store cut off halfway (token keys written, parts not yet) is finished, losing nothing', async () => {
    const migrated = await cutOffHalfway(unlockedV2);
    expect(byKey((await createRegistryWriter(SCOPE, createPartTokenVault(SCOPE)).read()).groups)).toStrictEqual(
      byKey(EXPECTED),
    );
    expect(await all()).toStrictEqual(migrated);
  });

  it('a token key newer than the part’s copy wins; a group only the part knows keeps its token', async () => {
    await fakeBrowser.storage.local.set({
      ...unlockedV2,
      // Written after the part (a rotation by a later version, then a downgrade wrote the part again).
      [`${SCOPE}userGroupTokens.000`]: {
        tokens: JSON.stringify({ 'Customer:acme-support': 'ugt_rotated_after_the_part_0000' }),
      },
    });
    const groups = (await createRegistryWriter(SCOPE, createPartTokenVault(SCOPE)).read()).groups;
    const token = (id: string, environment = 'Customer') =>
      groups.find((group) => group.provided_id === id && group.environment === environment)?.token;
    expect(token('acme-support')).toBe('ugt_rotated_after_the_part_0000');
    expect(token('acme-support', 'Testing')).toBe('ugt_0a1b2c3d4e5f60718293a4b5c6d7e8f9');
    expectPartsWithoutTokens(await all());
  });

  it('a part written in the v2 shape after the mark (an older version) is moved again, its tokens kept', async () => {
    await fakeBrowser.storage.local.set(unlockedV2);
    await moveTokensOutOfParts(SCOPE);
    await fakeBrowser.storage.local.set({ [`${SCOPE}userGroups.002`]: unlockedV2[`${SCOPE}userGroups.002`] });
    expect(byKey((await createRegistryWriter(SCOPE, createPartTokenVault(SCOPE)).read()).groups)).toStrictEqual(
      byKey(EXPECTED),
    );
    expectPartsWithoutTokens(await all());
    expect(byKey((await storedRegistry(SCOPE)).groups)).toStrictEqual(byKey(EXPECTED));
  });

  it('turning the lock on migrates a workspace no writer has read yet, and seals its tokens', async () => {
    await fakeBrowser.storage.local.set(unlockedV2);
    const lock = createLockService();
    expect(await lock.turnOn(FIXTURE_PASSPHRASE, '15')).toMatchObject({ ok: true });
    const stored = await all();
    expectPartsWithoutTokens(stored);
    const text = JSON.stringify(stored);
    for (const token of TOKENS) expect(text).not.toContain(token);
    // Every part's tokens sealed; a part whose only group has no known token has nothing to seal.
    for (const key of keysOf(stored, isTokens)) {
      const value = stored[key] as { sealed?: unknown; tokens?: string };
      expect(value.sealed !== undefined || value.tokens === '{}').toBe(true);
    }
    expect(keysOf(stored, isTokens).filter((key) => (stored[key] as { sealed?: unknown }).sealed)).toHaveLength(2);
    expect(await revealEach(EXPECTED)).toEqual(EXPECTED.map((group) => group.token));
  });
});

describe('format v2 → v3, locked with the tokens sealed', () => {
  it('moves each envelope as it is (same key, same part), reads locked, and unlocks to every token', async () => {
    await fakeBrowser.storage.local.set(lockedV2);
    const writer = createRegistryWriter(SCOPE, createPartTokenVault(SCOPE));
    const locked = (await writer.read()).groups;
    expect(locked).toHaveLength(EXPECTED.length);
    expect(locked.every((group) => group.token === '')).toBe(true);
    const stored = await all();
    expectPartsWithoutTokens(stored);
    for (const index of ['000', '001', '002'])
      expect(stored[`${SCOPE}userGroupTokens.${index}`]).toStrictEqual({
        sealed: (lockedV2[`${SCOPE}userGroups.${index}`] as StoredPartV2).sealedTokens,
        revision: `old-writer:${Number(index) + 1}`,
      });
    expect(await revealEach(EXPECTED.slice(0, 1))).toEqual(['LOCKED']);

    const lock = createLockService();
    expect(await lock.unlock(FIXTURE_PASSPHRASE)).toMatchObject({ ok: true });
    expect(byKey((await writer.read()).groups)).toStrictEqual(byKey(EXPECTED));
    expect(await revealEach(EXPECTED)).toEqual(EXPECTED.map((group) => group.token));
    // Turning the lock off leaves every token in clear in its key, and none sealed.
    expect(await lock.turnOff(FIXTURE_PASSPHRASE)).toMatchObject({ ok: true });
    expect(byKey((await storedRegistry(SCOPE)).groups)).toStrictEqual(byKey(EXPECTED));
    expect(JSON.stringify(await all())).not.toContain('sealed');
  });

  it('a store cut off halfway (envelopes moved, parts not yet) is finished; the envelopes still open', async () => {
    const migrated = await cutOffHalfway(lockedV2);
    await createRegistryWriter(SCOPE, createPartTokenVault(SCOPE)).read();
    expect(await all()).toStrictEqual(migrated);
    expect(await createLockService().unlock(FIXTURE_PASSPHRASE)).toMatchObject({ ok: true });
    expect(await revealEach(EXPECTED)).toEqual(EXPECTED.map((group) => group.token));
  });
  it('locked, a change that would move a group out of the part it was read from is refused, and loses no token', async () => {
    await fakeBrowser.storage.local.set(lockedV2);
    const writer = createRegistryWriter(SCOPE, createPartTokenVault(SCOPE));
    const groups = (await writer.read()).groups;
    // The fixture's groups sit in parts 000–002, not all in their own: renaming them all refiles some.
    expect(groups.some((group) => bucketOf(group) > 2)).toBe(true);
    const before = await all();
    await expect(
      writer.update((registry) => ({
        registry: { groups: registry.groups.map((group) => ({ ...group, name: `${group.name} (renamed)` })) },
        result: null,
      })),
    ).rejects.toBeInstanceOf(CredentialsLockedError);
    expect(await all()).toStrictEqual(before);
    expect(await createLockService().unlock(FIXTURE_PASSPHRASE)).toMatchObject({ ok: true });
    // Unlocked, the same change moves each group with its token.
    await writer.update((registry) => ({
      registry: { groups: registry.groups.map((group) => ({ ...group, name: `${group.name} (renamed)` })) },
      result: null,
    }));
    expect(await revealEach(EXPECTED)).toEqual(EXPECTED.map((group) => group.token));
  });
});

describe('the lock rewrites the token keys only (format v3)', () => {
  it('turning on, changing the passphrase and turning off write no registry part', async () => {
    await fakeBrowser.storage.local.set(unlockedV2);
    await migrate();
    const parts = Object.fromEntries(keysOf(await all(), isPart).map((key) => [key, 0]));
    const written = new Set<string>();
    fakeBrowser.storage.local.onChanged.addListener((changes) => {
      for (const key of Object.keys(changes)) written.add(key);
    });
    const lock = createLockService();
    expect(await lock.turnOn(FIXTURE_PASSPHRASE, '15')).toMatchObject({ ok: true });
    expect(await lock.changePassphrase(FIXTURE_PASSPHRASE, 'another passphrase 2026')).toMatchObject({ ok: true });
    expect(await lock.turnOff('another passphrase 2026')).toMatchObject({ ok: true });
    expect([...written].filter((key) => key in parts)).toEqual([]);
    expect([...written].filter(isTokens)).toHaveLength(3);
    expect(byKey((await storedRegistry(SCOPE)).groups)).toStrictEqual(byKey(EXPECTED));
  });
});
