import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import {
  createRotationResultsStore,
  ROTATION_RESULTS_VERSION,
  storedRotationResultsSchema,
} from '@/lib/storage/credentials/rotation-results-store';
import type * as Keyring from '@/lib/storage/credentials/keyring';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createRotationResults } from '@/lib/user-groups/rotation/rotation-results';
import { loadStorageFixture } from '../fixtures/storage/load';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';

// Before version 1 of the stored rotation results, Export rotation results read them from the latest
// rotate job and the registry. An upgrade keeps what that export would have held, stored once, and
// loses nothing when the next job replaces the one they were read from.

// Whether the passphrase lock keeps the registry's tokens sealed: set by a test.
let locked = false;
vi.mock('@/lib/storage/credentials/keyring', async (importOriginal) => ({
  ...(await importOriginal<typeof Keyring>()),
  isLockedNow: () => Promise.resolve(locked),
}));

const before = loadStorageFixture<{ local: Record<string, unknown> }>(
  'storage-local.before-rotation-results.json',
).local;

function services() {
  const registry = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
  const jobs = createBulkJobStore(TEST_SCOPE);
  return { jobs, results: createRotationResults({ store: createRotationResultsStore(TEST_SCOPE), jobs, registry }) };
}

beforeEach(async () => {
  locked = false;
  fakeBrowser.reset();
  await fakeBrowser.storage.local.set(before);
});

describe('rotation results stored before version 1 (read from the latest rotate job)', () => {
  it('are carried over: the rotated groups with their new tokens, not the failed or flagged one, nor one outside the job', async () => {
    const { results } = services();
    expect(await results.summary()).toEqual({ count: 2, since: '2026-11-20T10:00:00.000Z' });
    const stored = await fakeBrowser.storage.local.get([testKey('rotationResults'), `${testKey('rotationResults')}$`]);
    expect(storedRotationResultsSchema.parse(stored[testKey('rotationResults')])).toMatchObject({
      since: '2026-11-20T10:00:00.000Z',
      jobId: '0d7e6f3a-5b21-4c9e-8f10-2a3b4c5d6e7f',
      results: [
        { userGroupId: 'g1', environment: 'Customer', name: 'Team g1', rotatedAt: '2026-11-20T10:00:00.800Z' },
        { userGroupId: 'g2', environment: 'Customer', name: 'Team g2', rotatedAt: '2026-11-20T10:00:01.600Z' },
      ],
    });
    expect(stored[`${testKey('rotationResults')}$`]).toEqual({ v: ROTATION_RESULTS_VERSION });
    expect((await results.read())?.results.map((result) => [result.userGroupId, result.token])).toEqual([
      ['g1', 'ugt_fixture_g1_rotated'],
      ['g2', 'ugt_fixture_g2_rotated'],
    ]);
  });

  it('nothing is lost when the job they were read from is replaced by the next one (a worker later)', async () => {
    await services().results.summary();
    await fakeBrowser.storage.local.remove([testKey('bulkCreateJob'), testKey('bulkCreateRows')]);
    const later = services();
    expect(await later.jobs.read()).toBeNull();
    expect((await later.results.read())?.results.map((result) => result.token)).toEqual([
      'ugt_fixture_g1_rotated',
      'ugt_fixture_g2_rotated',
    ]);
  });

  it('a workspace whose latest job did not rotate has none, and none is written', async () => {
    const job = before[testKey('bulkCreateJob')] as Record<string, unknown>;
    await fakeBrowser.storage.local.set({ [testKey('bulkCreateJob')]: { ...job, operation: 'delete' } });
    expect(await services().results.summary()).toEqual({ count: 0 });
    expect(await fakeBrowser.storage.local.get(testKey('rotationResults'))).toEqual({});
  });

  it('while the lock keeps the tokens sealed they are counted, not written; carried over once it is open', async () => {
    locked = true;
    const { results } = services();
    expect(await results.summary()).toEqual({ count: 2, since: '2026-11-20T10:00:00.000Z' });
    expect(await fakeBrowser.storage.local.get(testKey('rotationResults'))).toEqual({});
    locked = false;
    expect(await results.summary()).toEqual({ count: 2, since: '2026-11-20T10:00:00.000Z' });
    expect((await fakeBrowser.storage.local.get(testKey('rotationResults')))[testKey('rotationResults')]).toBeDefined();
  });
});
