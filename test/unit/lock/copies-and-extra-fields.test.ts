// What the lock missed (issue 39, finding 6): copies of registry values kept aside (`corrupt:…`, which may
// hold tokens in clear) and the groups' extra fields (the service's unknown fields, which may hold
// anything it sends). The lock seals both, turning it off opens them as they were, forgetting every
// secret and deleting the workspace remove the copies.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createLockService } from '@/lib/lock/lock-service';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { removeWorkspaceData } from '@/lib/storage/credentials/remove-workspace-data';
import { createRotationResultsStore } from '@/lib/storage/credentials/rotation-results-store';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { bucketOf } from '@/lib/storage/registry/registry-buckets';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { PASSPHRASE, NEW_PASSPHRASE } from '../helpers/lock-fixtures';
import { registryPartKey, registryTokensKey } from '../helpers/stored-registry';
import { TEST_SCOPE } from '../helpers/test-workspace';

const TOKEN = 'ugt_kept_aside_0123456789abcdef';
const EXTRA_SECRET = 'extra-field-secret-5f4e3d2c';

const group: RegistryEntry = {
  team_id: 7,
  token: 'ugt_group_token_fedcba9876543210',
  name: 'Extra',
  provided_id: 'extra-1',
  environment: 'Customer',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastRotatedAt: null,
  extra: { dashboard_url: `https://ug.example/d?key=${EXTRA_SECRET}`, seats: 3 },
};
const PART = registryPartKey(bucketOf(group));
const TOKENS = registryTokensKey(bucketOf(group));

/** A copy of a token key that could not be read (its revision is not a text), kept aside with its tokens in clear. */
const COPY = `corrupt:${TEST_SCOPE}userGroupTokens.007:1764300000000`;
const COPY_VALUE = { tokens: JSON.stringify({ 'Customer:old-group': TOKEN }), revision: 5 };
const OTHER_COPY = `corrupt:${workspaceScope('other1')}userGroupTokens.001:1764300000000`;
const ACTIVITY_COPY = 'corrupt:activityLog:1764300000000';

const everything = async () =>
  JSON.stringify([await fakeBrowser.storage.local.get(null), await fakeBrowser.storage.session.get(null)]);
const newWriter = () => createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));

beforeEach(() => {
  fakeBrowser.reset();
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(() => Promise.resolve(true));
});

describe('copies kept aside of registry values', () => {
  it('are sealed by the lock, recoded with a new passphrase, and opened as they were when it is turned off', async () => {
    await fakeBrowser.storage.local.set({ [COPY]: COPY_VALUE });
    const lock = createLockService();
    expect(await lock.turnOn(PASSPHRASE, '15')).toMatchObject({ ok: true });
    expect(await everything()).not.toContain(TOKEN);
    expect(await lock.changePassphrase(PASSPHRASE, NEW_PASSPHRASE)).toMatchObject({ ok: true });
    expect(await everything()).not.toContain(TOKEN);
    expect(await lock.turnOff(NEW_PASSPHRASE)).toMatchObject({ ok: true });
    expect((await fakeBrowser.storage.local.get(COPY))[COPY]).toEqual(COPY_VALUE);
  });

  it('one made while the lock is open is sealed as it is kept', async () => {
    const lock = createLockService();
    expect(await lock.turnOn(PASSPHRASE, '15')).toMatchObject({ ok: true });
    // A token key written in clear by something else, unreadable: set aside when the registry is read.
    await fakeBrowser.storage.local.set({ [TOKENS]: { tokens: JSON.stringify({ 'Customer:x': TOKEN }), revision: 1 } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await newWriter().read();
    const copies = Object.keys(await fakeBrowser.storage.local.get(null)).filter((key) => key.startsWith('corrupt:'));
    expect(copies).toHaveLength(1);
    expect(await everything()).not.toContain(TOKEN);
    expect(await lock.turnOff(PASSPHRASE)).toMatchObject({ ok: true });
    expect(JSON.stringify((await fakeBrowser.storage.local.get(copies[0]))[copies[0]!])).toContain(TOKEN);
  });

  it('are removed when every secret is forgotten (a forgotten passphrase)', async () => {
    await fakeBrowser.storage.local.set({ [COPY]: COPY_VALUE, [ACTIVITY_COPY]: { entries: [] } });
    const lock = createLockService();
    expect(await lock.turnOn(PASSPHRASE, '15')).toMatchObject({ ok: true });
    expect(await lock.lockNow()).toMatchObject({ ok: true });
    expect(await lock.forgetEverything()).toMatchObject({ ok: true });
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored[COPY]).toBeUndefined();
    // A copy of what holds no secret stays, as it was.
    expect(stored[ACTIVITY_COPY]).toEqual({ entries: [] });
  });

  it('are removed with their workspace, and only with theirs', async () => {
    await fakeBrowser.storage.local.set({ [COPY]: COPY_VALUE, [OTHER_COPY]: COPY_VALUE, [ACTIVITY_COPY]: {} });
    await removeWorkspaceData(TEST_SCOPE);
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored[COPY]).toBeUndefined();
    expect(stored[OTHER_COPY]).toEqual(COPY_VALUE);
    expect(stored[ACTIVITY_COPY]).toEqual({});
  });

  it('of a workspace’s rotation results too: sealed by the lock, and one made while it is open sealed as kept', async () => {
    const resultsCopy = `corrupt:${TEST_SCOPE}rotationResults:1764300000000`;
    const withToken = (token: string) => ({
      results: [],
      tokens: { tokens: JSON.stringify({ 'Customer:r1': token }) },
    });
    await fakeBrowser.storage.local.set({ [resultsCopy]: withToken(TOKEN) });
    const lock = createLockService();
    expect(await lock.turnOn(PASSPHRASE, '15')).toMatchObject({ ok: true });
    expect(await everything()).not.toContain(TOKEN);
    // Results of the wrong shape holding a token in clear (written by something else): set aside when read.
    const later = 'ugt_results_set_aside_0123456789';
    await fakeBrowser.storage.local.set({ [`${TEST_SCOPE}rotationResults`]: { ...withToken(later), results: 'x' } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await createRotationResultsStore(TEST_SCOPE).peek()).toBeNull();
    expect(await everything()).not.toContain(later);
    expect(await lock.turnOff(PASSPHRASE)).toMatchObject({ ok: true });
    expect((await fakeBrowser.storage.local.get(resultsCopy))[resultsCopy]).toEqual(withToken(TOKEN));
    expect(await everything()).toContain(later);
  });
});

describe('a group’s extra fields (the service’s unknown fields)', () => {
  it('are kept with its token, not in its part: sealed by the lock, and read back whole when unlocked', async () => {
    await newWriter().update((registry) => ({ registry: { groups: [...registry.groups, group] }, result: null }));
    const stored = await fakeBrowser.storage.local.get([PART, TOKENS]);
    expect(JSON.stringify(stored[PART])).not.toContain(EXTRA_SECRET);
    expect(JSON.stringify(stored[TOKENS])).toContain(EXTRA_SECRET);
    const lock = createLockService();
    expect(await lock.turnOn(PASSPHRASE, '15')).toMatchObject({ ok: true });
    expect(await everything()).not.toContain(EXTRA_SECRET);
    expect((await newWriter().read()).groups).toEqual([group]);
    // Locked, nothing is lost: the group is listed without its secrets, and they come back on unlocking.
    expect(await lock.lockNow()).toMatchObject({ ok: true });
    expect((await newWriter().read()).groups).toEqual([{ ...group, token: '', extra: {} }]);
    expect(await lock.unlock(PASSPHRASE)).toMatchObject({ ok: true });
    expect(await lock.turnOff(PASSPHRASE)).toMatchObject({ ok: true });
    expect((await newWriter().read()).groups).toEqual([group]);
  });

  it('stored in a part by an earlier version: moved to the token key and sealed when the lock is turned on', async () => {
    const { token, ...rest } = group;
    await fakeBrowser.storage.local.set({
      [`${TEST_SCOPE}userGroupsFormat`]: 3,
      [PART]: { groups: [rest] },
      [TOKENS]: { tokens: JSON.stringify({ 'Customer:extra-1': token }) },
    });
    const lock = createLockService();
    expect(await lock.turnOn(PASSPHRASE, '15')).toMatchObject({ ok: true });
    expect(await everything()).not.toContain(EXTRA_SECRET);
    expect((await newWriter().read()).groups).toEqual([group]);
  });

  it('stored in a part by an earlier version while the lock was on: kept while locked, sealed once unlocked', async () => {
    const lock = createLockService();
    expect(await lock.turnOn(PASSPHRASE, '15')).toMatchObject({ ok: true });
    await newWriter().update((registry) => ({
      registry: { groups: [...registry.groups, { ...group, extra: {} }] },
      result: null,
    }));
    // What an earlier version stored: the token sealed, the extra fields in the part.
    const { token, ...rest } = group;
    void token;
    await fakeBrowser.storage.local.set({ [PART]: { groups: [rest] } });
    expect(await lock.lockNow()).toMatchObject({ ok: true });
    expect((await newWriter().read()).groups[0]?.extra).toEqual(group.extra);
    expect(await lock.unlock(PASSPHRASE)).toMatchObject({ ok: true });
    expect((await newWriter().read()).groups).toEqual([group]);
    expect(await everything()).not.toContain(EXTRA_SECRET);
  });
});
