import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBulkJobs } from '@/lib/user-groups/bulk/bulk-jobs';
import { createRegistryTransfer } from '@/lib/user-groups/transfer/registry-transfer';
import { messageText } from '@/lib/message-ref';
import { ok } from '@/lib/result';
import type { BulkRunner } from '@/lib/user-groups/bulk/bulk-runner';
import { localBytesInUse } from '@/lib/storage/storage-usage';
import {
  capacityProblem,
  growthOf,
  STORAGE_BUDGET_BYTES,
  storedSize,
} from '@/lib/user-groups/registry-views/registry-capacity';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { upsertFromService } from '@/lib/user-groups/operations/registry-updates';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { seedRegistry, storedRegistry } from '../helpers/stored-registry';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';
import { workspaceKey } from '@/lib/storage/workspace-keys';

/** Another workspace's data fills storage: this workspace's budget does not count it. */
const otherWorkspaceFiller = (bytes: number) => ({ [workspaceKey('other-ws', 'projectHistory')]: 'x'.repeat(bytes) });
/** This workspace's own data (its bulk job's rows, say) takes up room. */
const ownFiller = (bytes: number) => ({ [testKey('bulkCreateRows')]: 'x'.repeat(bytes) });

const T0 = '2025-01-01T00:00:00.000Z';

function entry(id: string, overrides: Partial<RegistryEntry> = {}): RegistryEntry {
  return {
    team_id: 1,
    token: `ugt_${id}_${'t'.repeat(40)}`,
    name: `Group ${id}`,
    provided_id: id,
    environment: 'Customer',
    createdAt: T0,
    lastRotatedAt: null,
    extra: {},
    ...overrides,
  };
}

const newItems = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ entry: entry(`new-${i}`), expected: null }));

beforeEach(() => {
  fakeBrowser.reset();
});

describe('registry capacity', () => {
  it('counts new groups and the bytes a change adds, replaced entries by their difference', () => {
    const stored = entry('a');
    const bigger = { ...stored, token: `${stored.token}xyz` };
    expect(growthOf({ groups: [stored] }, [bigger, entry('b')])).toEqual({
      groups: 1,
      bytes: 3 + storedSize(entry('b')),
    });
  });

  it('says how many groups, how many MB are used and of what limit', () => {
    const problem = capacityProblem(
      { usedBytes: 9.5 * 1024 * 1024, storedGroups: 9_012 },
      { groups: 2_000, bytes: 1024 * 1024 },
    );
    // Numbers, not text: the page writes the counts (plural forms) and megabytes in its language.
    expect(problem).toEqual({
      key: 'capacityNotEnoughRoom',
      args: [{ key: 'capacityGroups', count: 2_000 }, 1, { key: 'capacityGroups', count: 9_012 }, 9.5, 10],
    });
    expect(messageText(problem!)).toBe(
      'Not enough room: this adds 2,000 groups (about 1 MB), and this workspace already holds 9,012 groups using 9.5 MB of this workspace’s 10 MB storage limit. Delete groups you no longer need, or split the file.',
    );
    expect(
      capacityProblem({ usedBytes: 9 * 1024 * 1024, storedGroups: 1 }, { groups: 10, bytes: 1024 * 1024 }),
    ).toBeUndefined();
    // A change that does not grow the registry is never refused, however full storage is.
    expect(capacityProblem({ usedBytes: 20 * 1024 * 1024, storedGroups: 1 }, { groups: 0, bytes: -5 })).toBeUndefined();
  });

  it('estimates the bytes in use from the stored JSON where the browser cannot measure them, for the keys asked', async () => {
    await fakeBrowser.storage.local.set({ key: { text: 'é' }, other: 'not counted' });
    expect(await localBytesInUse(['key', 'absent'])).toBe('key'.length + JSON.stringify({ text: 'é' }).length + 1);
  });
});

describe('importUserGroups', () => {
  it('refuses, before writing anything, an import that would outgrow the storage budget, and says by how much', async () => {
    await seedRegistry([entry('stored')]);
    await fakeBrowser.storage.local.set(ownFiller(STORAGE_BUDGET_BYTES - 20_000));
    const handlers = createRegistryTransfer({
      registry: createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)),
      scope: TEST_SCOPE,
    });
    const answer = await handlers.importGroups(newItems(200));
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: { key: 'capacityNotEnoughRoom' } },
    });
    expect(answer.ok || messageText(answer.error.message)).toMatch(
      /^Not enough room: this adds 200 groups \(about 0\.1 MB\), and this workspace already holds 1 group using 10 MB of this workspace’s 10 MB storage limit\./,
    );
    expect((await storedRegistry()).groups.map((group) => group.provided_id)).toEqual(['stored']);

    // What fits is imported.
    expect(await handlers.importGroups(newItems(20))).toEqual({
      ok: true,
      value: { added: 20, updated: 0, conflicts: [], kept: [] },
    });
  });

  it('counts this workspace only: other workspaces may hold far more than the budget together', async () => {
    await fakeBrowser.storage.local.set(otherWorkspaceFiller(2 * STORAGE_BUDGET_BYTES));
    const handlers = createRegistryTransfer({
      registry: createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)),
      scope: TEST_SCOPE,
    });
    expect(await handlers.importGroups(newItems(200))).toEqual({
      ok: true,
      value: { added: 200, updated: 0, conflicts: [], kept: [] },
    });
  });
});

describe('startBulkCreate', () => {
  it('refuses a job whose new groups would outgrow the storage budget; rows already stored do not count', async () => {
    await seedRegistry([entry('stored')]);
    await fakeBrowser.storage.local.set({
      ...ownFiller(STORAGE_BUDGET_BYTES - 30_000),
      ...otherWorkspaceFiller(STORAGE_BUDGET_BYTES),
    });
    const start = vi.fn<BulkRunner['start']>(() => Promise.resolve(ok({ total: 1, skipped: 0 })));
    const handlers = createBulkJobs({
      runner: { start } as unknown as BulkRunner,
      registry: createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)),
      scope: TEST_SCOPE,
    });
    const rows = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        line: i + 2,
        name: `Group ${i}`,
        userGroupId: `bulk-${i}`,
        environment: 'Customer' as const,
      }));
    const refused = await handlers.startBulkCreate(rows(300), 150);
    expect(refused.ok || messageText(refused.error.message)).toMatch(
      /^Not enough room: this adds 300 groups .* 1 group using 10 MB of this workspace’s 10 MB storage limit/,
    );
    expect(start).not.toHaveBeenCalled();
    const stored = { line: 2, name: 'Group stored', userGroupId: 'stored', environment: 'Customer' as const };
    expect(await handlers.startBulkCreate([stored, ...rows(10)], 150)).toEqual({
      ok: true,
      value: { total: 1, skipped: 0 },
    });
    expect(start).toHaveBeenCalledOnce();
  });
});

describe('readUserGroupRegistry', () => {
  it('answers with the registry once the writes already queued are stored, never the value before them', async () => {
    await seedRegistry([entry('a')]);
    const writer = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    const handlers = createRegistryTransfer({ registry: writer, scope: TEST_SCOPE });
    await writer.read();
    // A rotation's final write, queued but not yet stored when the export asks.
    const rotated = writer.update((registry) => ({
      registry: upsertFromService(
        registry,
        { team_id: 1, token: 'ugt_new_token', name: 'Group a', provided_id: 'a', api_environment_tag: 'Customer' },
        'Customer',
        T0,
      ),
      result: null,
    }));
    const answer = await handlers.read({});
    expect(answer.ok && answer.value.groups.map((group) => group.token)).toEqual(['ugt_new_token']);
    await rotated;
  });
});
