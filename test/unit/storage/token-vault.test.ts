// The registry writer and its token vault: the writer keeps the parts and stores, in the same storage
// call, whatever the vault hands back for a part's tokens; it never reads a token key itself, and drops
// its copy when the vault says the tokens it holds may be wrong (the lock's key came or went).
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTRY_BUCKET_COUNT, bucketOf } from '@/lib/storage/registry/registry-buckets';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import type { TokenVault } from '@/lib/storage/registry/token-vault';
import { TEST_SCOPE } from '../helpers/test-workspace';

const group: RegistryEntry = {
  team_id: 7,
  token: 'tok-secret-1',
  name: 'Reviewers',
  provided_id: 'reviewers',
  environment: 'Customer',
  createdAt: '2026-11-28T10:00:00.000Z',
  lastRotatedAt: null,
  extra: {},
};

/** A vault that keeps nothing at rest: it says what it would store, and lets the test say "forget". */
function fakeVault() {
  let forget = () => {};
  const load = vi.fn(() =>
    Promise.resolve({
      parts: Array.from({ length: REGISTRY_BUCKET_COUNT }, (): RegistryEntry[] => []),
      sealed: new Map<number, never>(),
      current: true,
    }),
  );
  const vault: TokenVault = {
    load,
    store: (index, groups) =>
      Promise.resolve({ key: `local:vaultOf.${index}` as const, value: groups.map((entry) => entry.token) }),
    watch: (_isOwn, dropped) => {
      forget = dropped;
    },
  };
  return { vault, load, forget: () => forget() };
}

beforeEach(() => fakeBrowser.reset());

describe('the registry writer with its token vault', () => {
  it('stores the vault’s entry with the part in one storage call, and the part without the token', async () => {
    const { vault } = fakeVault();
    const writer = createRegistryWriter(TEST_SCOPE, vault);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    await writer.update((registry) => ({ registry: { groups: [...registry.groups, group] }, result: undefined }));
    const part = `${TEST_SCOPE}userGroups.${String(bucketOf(group)).padStart(3, '0')}`;
    const written = set.mock.calls.find(([values]) => part in values)![0] as Record<string, unknown>;
    expect(written[`vaultOf.${bucketOf(group)}`]).toEqual(['tok-secret-1']);
    expect(JSON.stringify(written[part])).not.toContain('tok-secret-1');
    const keysRead = get.mock.calls.map(([keys]) => JSON.stringify(keys));
    expect(keysRead.filter((keys) => keys.includes('userGroupTokens'))).toEqual([]);
    expect((await writer.read()).groups).toEqual([group]);
  });

  it('reads again through the vault once the vault says to forget', async () => {
    const { vault, load, forget } = fakeVault();
    const writer = createRegistryWriter(TEST_SCOPE, vault);
    await writer.read();
    await writer.read();
    expect(load).toHaveBeenCalledTimes(1);
    forget();
    await writer.read();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
