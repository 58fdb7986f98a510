import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  bulkJobV1Schema,
  bulkJobV1ToV2,
  bulkJobV2Schema,
  bulkJobV2ToV3,
} from '@/lib/storage/bulk-job/bulk-job-migration';
import { BULK_JOB_VERSION } from '@/lib/storage/bulk-job/bulk-job-item';
import { readStorageNotices } from '@/lib/storage/notices-item';
import {
  bulkJobRowsSchema,
  bulkJobSchema,
  type BulkJob,
  type BulkJobRows,
} from '@/lib/storage/bulk-job/bulk-job-schema';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { loadStorageFixture } from '../fixtures/storage/load';
import { created, fakeRunner, storedJob, timedOut } from '../user-groups/bulk-fakes';
import { LEGACY_SCOPE, scopedName, type KeyScope } from '@/lib/storage/workspace-keys';
import { TEST_SCOPE } from '../helpers/test-workspace';
import { messageText, verbatimText } from '@/lib/message-ref';

const FIXTURES: Record<number, string> = {
  1: 'bulk-create-job.v1.json',
  2: 'bulk-create-job.v2.json',
  3: 'bulk-create-job.v3.json',
};
const v1 = loadStorageFixture(FIXTURES[1]!);
const v2 = loadStorageFixture<{ bulkCreateJob: BulkJob; bulkCreateRows: BulkJobRows }>(FIXTURES[2]!);
const v3 = loadStorageFixture<{ bulkCreateJob: BulkJob; bulkCreateRows: BulkJobRows }>(FIXTURES[3]!);
/**
 * The version 3 job as it is read now: the examples were stored before texts were named, so the English
 * words of their failed rows are read as they are (verbatim texts).
 */
const v3Job: BulkJob = {
  ...v3.bulkCreateJob,
  failed: v3.bulkCreateJob.failed.map((failure) => ({
    ...failure,
    message: verbatimText(failure.message as unknown as string),
  })),
};

// The step runs on the keys of versions before workspaces (the upgrade brings them to version 2 before
// moving them into the first workspace); the job store of a workspace runs it on its own keys too.

/** Stores a job the way @wxt-dev/storage does: the value and its version in `<key>$`. */
async function store(job: unknown, version?: number, scope: KeyScope = LEGACY_SCOPE) {
  const key = scopedName(scope, 'bulkCreateJob');
  await fakeBrowser.storage.local.set({ [key]: job, ...(version !== undefined && { [`${key}$`]: { v: version } }) });
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the stored bulk job: versions and the migrations to version 3', () => {
  it('there is a stored example of every version up to the current one, each of its own shape', () => {
    for (let version = 1; version <= BULK_JOB_VERSION; version += 1)
      expect(FIXTURES[version], `fixture v${version}`).toBeDefined();
    expect(bulkJobV1Schema.safeParse(v1).success).toBe(true);
    expect(bulkJobV2Schema.safeParse(v2.bulkCreateJob).success).toBe(true);
    expect(bulkJobRowsSchema.safeParse(v2.bulkCreateRows).success).toBe(true);
    expect(v2.bulkCreateJob).not.toHaveProperty('operation');
    expect(bulkJobSchema.safeParse(v3.bulkCreateJob).success).toBe(true);
    expect(v3.bulkCreateRows).toEqual(v2.bulkCreateRows);
  });

  it('the step to version 3 names the operation of a version 2 job: a create', () => {
    expect(bulkJobV2ToV3(bulkJobV2Schema.parse(v2.bulkCreateJob))).toEqual(v3Job);
  });

  it('a version 2 job without operation still reads as a create, even where it is read unmigrated (the options page)', () => {
    expect(bulkJobSchema.parse(v2.bulkCreateJob)).toEqual(v3Job);
  });

  it('a stored version 2 job is migrated on the first read: the job and the version in one storage call', async () => {
    await fakeBrowser.storage.local.set({ ...v2, bulkCreateJob$: { v: 2 } });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect(await createBulkJobStore(LEGACY_SCOPE).read()).toEqual(v3Job);
    expect(set).toHaveBeenCalledTimes(1);
    expect(Object.keys(set.mock.calls[0]![0]).sort()).toEqual(['bulkCreateJob', 'bulkCreateJob$']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({
      ...v3,
      bulkCreateJob: v3Job,
      bulkCreateJob$: { v: 3 },
    });
  });

  it('the step turns the version 1 example into the version 2 one (the row in flight by its position)', () => {
    // (Both examples as read: their English texts are verbatim texts.)
    expect(bulkJobV1ToV2(bulkJobV1Schema.parse(v1))).toEqual({
      job: bulkJobV2Schema.parse(v2.bulkCreateJob),
      rows: v2.bulkCreateRows,
    });
    expect(bulkJobV1ToV2({ ...bulkJobV1Schema.parse(v1), inFlight: 'Customer:gone' }).job.inFlight).toBeUndefined();
  });

  it.each([1, undefined])(
    'a stored version 1 job (meta v%s) is migrated on the first read: both items and the version in one storage call',
    async (version) => {
      await store(v1, version);
      const set = vi.spyOn(fakeBrowser.storage.local, 'set');
      expect(await createBulkJobStore(LEGACY_SCOPE).read()).toEqual(v3Job);
      expect(set).toHaveBeenCalledTimes(1);
      expect(Object.keys(set.mock.calls[0]![0]).sort()).toEqual(['bulkCreateJob', 'bulkCreateJob$', 'bulkCreateRows']);
      expect(await fakeBrowser.storage.local.get(null)).toEqual({
        ...v3,
        bulkCreateJob: v3Job,
        bulkCreateJob$: { v: 3 },
      });
      expect(await readStorageNotices()).toEqual([]);
    },
  );

  it('a current job is read as it is, without a write', async () => {
    await fakeBrowser.storage.local.set({ ...v3, bulkCreateJob$: { v: 3 } });
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect(await createBulkJobStore(LEGACY_SCOPE).read()).toEqual(v3Job);
    expect(set).not.toHaveBeenCalled();
  });

  it('data of no known shape is left to the validated read: reset, with a notice', async () => {
    await store({ remaining: 'not rows' }, 1);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await createBulkJobStore(LEGACY_SCOPE).read()).toBeNull();
    expect((await fakeBrowser.storage.local.get('bulkCreateJob')).bulkCreateJob).toBeUndefined();
    expect(await readStorageNotices()).toHaveLength(1);
  });
});

describe('a job migrated from version 1 carries on', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2025-01-01T12:00:05.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the row cut off in flight is sent again at the end; a row already retried under version 1 is not', async () => {
    await store(v1, 1, TEST_SCOPE);
    const { runner, calls } = fakeRunner((row) =>
      row.userGroupId === 'g1' ? timedOut() : created(row, row.userGroupId === 'g4'),
    );
    void runner.wake();
    await vi.runAllTimersAsync();
    await runner.kick();
    expect(calls.map((call) => call.id)).toEqual(['g5', 'g1', 'g4']);
    const job = await storedJob();
    expect(job).toMatchObject({
      status: 'done',
      total: 6,
      skipped: 1,
      created: 2,
      existed: 2,
      queued: 3,
      retries: [0],
      next: 4,
    });
    expect(job.failed.map((failure) => [failure.userGroupId, messageText(failure.message).slice(0, 15)])).toEqual([
      ['g3', 'The service ref'],
      ['g1', 'Outcome unknown'],
    ]);
  });
});
