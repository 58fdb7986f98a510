import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkAlarmFor, bulkCreateAlarmName, registerAlarmFor } from '@/entrypoints/background/bulk-alarm';
import { createWorkspaceServices } from '@/entrypoints/background/workspace-services';
import { createProjectApi } from '@/lib/api/project-api';
import type { UserGroupApi } from '@/lib/api/user-group-api';
import { fail, ok } from '@/lib/result';
import { newBulkJob } from '@/lib/user-groups/bulk/bulk-job';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { ROWS_UNREADABLE } from '@/lib/user-groups/bulk/bulk-runner';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { textsRendered, withText } from '../helpers/error-text';
import { seedConnection } from '../helpers/stored-connection';
import { LONE_WORKSPACE } from '../helpers/workspace-context';
import {
  CONNECTION,
  created,
  fakeRunner,
  rateLimited,
  refused,
  remainingIds,
  rows,
  storedJob,
  storeJob,
  timedOut,
  drain,
} from './bulk-fakes';
import { TEST_SCOPE, TEST_WORKSPACE_ID, testKey } from '../helpers/test-workspace';
import { verbatimText } from '@/lib/message-ref';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

/** `environment:id` of every group in the stored registry, sorted (read as a restarted worker would). */
async function registryIds(): Promise<string[]> {
  const registry = await createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)).read();
  return registry.groups.map((group) => `${group.environment}:${group.provided_id}`).sort();
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the bulk job state machine', () => {
  it('creates every row, writing each group into the registry as soon as its answer arrives', async () => {
    const seenBefore: string[][] = [];
    const { runner, alarm } = fakeRunner(async (row) => {
      seenBefore.push(await registryIds());
      return created(row, row.userGroupId === 'g1');
    });
    expect(await runner.start(rows(3), 600)).toEqual({ ok: true, value: { total: 3, skipped: 0 } });
    expect(alarm.ensure).toHaveBeenCalled();
    await drain(runner);
    expect(seenBefore).toEqual([[], ['Customer:g0'], ['Customer:g0', 'Customer:g1']]);
    expect(await registryIds()).toEqual(['Customer:g0', 'Customer:g1', 'Customer:g2']);
    expect(await storedJob()).toMatchObject({
      status: 'done',
      total: 3,
      created: 2,
      existed: 1,
      failed: [],
      queued: 3,
      next: 3,
      retries: [],
      finishedAt: new Date(T0 + 200).toISOString(),
    });
    expect((await storedJob()).inFlight).toBeUndefined();
    expect(alarm.clear).toHaveBeenCalled();
  });

  it('skips rows already in the registry, and refuses a second job while one runs', async () => {
    const { runner, calls } = fakeRunner();
    await createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)).update((registry) => ({
      registry: {
        groups: [
          ...registry.groups,
          {
            team_id: 1,
            token: 't',
            name: 'G',
            provided_id: 'g1',
            environment: 'Customer',
            createdAt: 'x',
            lastRotatedAt: null,
            extra: {},
          },
        ],
      },
      result: null,
    }));
    expect(await runner.start(rows(3), 60)).toEqual({ ok: true, value: { total: 2, skipped: 1 } });
    expect(await runner.start(rows(1, 'Testing'), 60)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    await drain(runner);
    expect(calls.map((call) => call.id)).toEqual(['g0', 'g2']);
  });

  it('a row created settles a create of the same group whose answer was lost earlier (options page)', async () => {
    const { runner } = fakeRunner();
    const since = new Date(T0).toISOString();
    await createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)).update((registry) => ({
      registry,
      unsettled: [
        { name: 'Group 1', userGroupId: 'g1', environment: 'Customer', since },
        { name: 'Other', userGroupId: 'g1', environment: 'Testing', since },
      ],
      result: null,
    }));
    await runner.start(rows(2), 600);
    await drain(runner);
    expect(await createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)).unsettled()).toEqual([
      { name: 'Other', userGroupId: 'g1', environment: 'Testing', since },
    ]);
  });

  it('429 then success: the same row is sent again after Retry-After and counted once', async () => {
    const { runner, calls } = fakeRunner((row, call) =>
      row.userGroupId === 'g0' && call < 3 ? rateLimited(1) : created(row),
    );
    await runner.start(rows(2), 600);
    await drain(runner);
    expect(calls.map((call) => call.id)).toEqual(['g0', 'g0', 'g0', 'g1']);
    expect(await storedJob()).toMatchObject({ status: 'done', created: 2, failed: [] });
  });

  it('success: 0 (and other refusals) are recorded with the service’s message, and the job goes on', async () => {
    const { runner } = fakeRunner((row) =>
      row.userGroupId === 'g1' ? refused('user_group_id is reserved') : created(row),
    );
    await runner.start(rows(3), 600);
    await drain(runner);
    const job = await storedJob();
    expect(job).toMatchObject({ status: 'done', created: 2 });
    expect(textsRendered(job.failed)).toEqual([
      {
        line: 3,
        name: 'Group 1',
        userGroupId: 'g1',
        environment: 'Customer',
        message: 'The service refused: user_group_id is reserved',
      },
    ]);
    expect(await registryIds()).toEqual(['Customer:g0', 'Customer:g2']);
  });

  it('an unknown outcome is retried once, later (after the other rows); get-or-create makes that safe', async () => {
    const { runner, calls } = fakeRunner((row, call) =>
      row.userGroupId === 'g0' && call === 1 ? timedOut() : created(row, row.userGroupId === 'g0'),
    );
    await runner.start(rows(3), 600);
    await drain(runner);
    expect(calls.map((call) => call.id)).toEqual(['g0', 'g1', 'g2', 'g0']);
    expect(await storedJob()).toMatchObject({
      status: 'done',
      created: 2,
      existed: 1,
      failed: [],
      queued: 3,
      retries: [0],
      next: 4,
    });
  });

  it('an outcome unknown twice is recorded as failed with "outcome unknown", and listed as a create of unknown outcome', async () => {
    const { runner, calls, registry } = fakeRunner((row) => (row.userGroupId === 'g1' ? timedOut() : created(row)));
    await runner.start(rows(2), 600);
    await drain(runner);
    expect(calls.map((call) => call.id)).toEqual(['g0', 'g1', 'g1']);
    const job = await storedJob();
    expect(job.status).toBe('done');
    expect(textsRendered(job.failed)).toEqual([
      expect.objectContaining({
        userGroupId: 'g1',
        message: 'Outcome unknown — https://ug.example.com did not answer within 15 seconds.',
      }),
    ]);
    // The service may hold g1 (chaos run, issue 27): the registry's list says so, as for a single create.
    expect(textsRendered(await registry.unsettled())).toEqual([
      expect.objectContaining({
        userGroupId: 'g1',
        environment: 'Customer',
        message: 'https://ug.example.com did not answer within 15 seconds.',
      }),
    ]);
  });

  it('an unknown outcome settled by its retry leaves nothing listed', async () => {
    const { runner, registry } = fakeRunner((row, call) =>
      row.userGroupId === 'g1' && call === 1 ? timedOut() : created(row, row.userGroupId === 'g1'),
    );
    await runner.start(rows(2), 600);
    await drain(runner);
    expect(await registry.unsettled()).toEqual([]);
    expect(await registryIds()).toEqual(['Customer:g0', 'Customer:g1']);
  });

  it('cancel stops after the request in flight, whose outcome is still recorded', async () => {
    let release: () => void = () => undefined;
    const { runner, calls, alarm } = fakeRunner((row) =>
      row.userGroupId === 'g1' ? new Promise((resolve) => (release = () => resolve(created(row)))) : created(row),
    );
    await runner.start(rows(4), 600);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls.map((call) => call.id)).toEqual(['g0', 'g1']);
    expect(await runner.cancel()).toEqual({ ok: true, value: {} });
    expect(alarm.clear).toHaveBeenCalled();
    release();
    await drain(runner);
    expect(calls).toHaveLength(2);
    const job = await storedJob();
    expect(job).toMatchObject({ status: 'cancelled', created: 2 });
    expect(await remainingIds()).toEqual(['g2', 'g3']);
    expect(await registryIds()).toEqual(['Customer:g0', 'Customer:g1']);
    expect(await runner.cancel()).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('credentials the service rejects pause the job (no row is failed for it); resume carries on', async () => {
    let rejecting = true;
    const { runner, calls } = fakeRunner((row) =>
      rejecting && row.userGroupId === 'g1'
        ? fail('UNAUTHENTICATED', verbatimText('Check the API token.'))
        : created(row),
    );
    await runner.start(rows(3), 600);
    await drain(runner);
    expect(textsRendered(await storedJob())).toMatchObject({
      status: 'paused',
      message: 'Check the API token.',
      created: 1,
      failed: [],
    });
    rejecting = false;
    expect(await runner.resume()).toEqual({ ok: true, value: {} });
    await drain(runner);
    expect(calls.map((call) => call.id)).toEqual(['g0', 'g1', 'g1', 'g2']);
    expect(await storedJob()).toMatchObject({ status: 'done', created: 3 });
  });

  it('does not start without a usable connection', async () => {
    const { runner } = fakeRunner(undefined, {
      connect: () => Promise.resolve(fail('NOT_CONFIGURED', verbatimText('Set it up.'))),
    });
    expect(withText(await runner.start(rows(1), 60))).toEqual({
      ok: false,
      error: { code: 'NOT_CONFIGURED', message: 'Set it up.' },
    });
    expect(await createBulkJobStore(TEST_SCOPE).read()).toBeNull();
  });
});

describe('a worker that stops and starts again', () => {
  it('a new runner resumes the stored job; the row cut off in flight counts as an unknown outcome and is sent again', async () => {
    // Worker 1 sends g0 and g1, then is stopped while g2's request is under way (it never answers).
    const first = fakeRunner((row) => (row.userGroupId === 'g2' ? new Promise(() => undefined) : created(row)));
    await first.runner.start(rows(4), 600);
    await vi.advanceTimersByTimeAsync(250);
    expect(first.calls.map((call) => call.id)).toEqual(['g0', 'g1', 'g2']);
    expect((await storedJob()).inFlight).toBe(2);

    // Worker 2: new instances of everything, only storage carries over; it reads the rows once.
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const second = fakeRunner((row) => created(row, row.userGroupId === 'g2'));
    void second.runner.wake();
    await drain(second.runner);
    expect(second.calls.map((call) => call.id)).toEqual(['g3', 'g2']);
    expect(get.mock.calls.filter(([keys]) => JSON.stringify(keys).includes('bulkCreateRows'))).toHaveLength(1);
    const job = await storedJob();
    expect(job).toMatchObject({ status: 'done', total: 4, created: 3, existed: 1, failed: [], retries: [2] });
    expect(await registryIds()).toEqual(['Customer:g0', 'Customer:g1', 'Customer:g2', 'Customer:g3']);
  });

  // Found by the chaos run (issue 27): a group the service may hold must be listed as a create of
  // unknown outcome once the job gives up on it, as a single create's lost answer is, or nothing in
  // this browser says so after the next job replaces this one's failures.
  it('a row cut off twice (its retry too) is listed as a create of unknown outcome', async () => {
    const first = fakeRunner((row) => (row.userGroupId === 'g1' ? new Promise(() => undefined) : created(row)));
    await first.runner.start(rows(2), 600);
    await vi.advanceTimersByTimeAsync(250);
    const second = fakeRunner((row) => (row.userGroupId === 'g1' ? new Promise(() => undefined) : created(row)));
    void second.runner.wake();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(second.calls.map((call) => call.id)).toEqual(['g1']);
    const third = fakeRunner();
    void third.runner.wake();
    await drain(third.runner);
    expect(third.calls).toEqual([]);
    expect(await storedJob()).toMatchObject({
      status: 'done',
      created: 1,
      failed: [expect.objectContaining({ userGroupId: 'g1' })],
    });
    expect(
      (await createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)).unsettled()).map(
        (create) => create.userGroupId,
      ),
    ).toEqual(['g1']);
  });

  it('a job stored as running (say, by a browser restart) is picked up when the runner wakes (its alarm), at the stored rate', async () => {
    await storeJob(newBulkJob({ id: 'stored', rows: rows(2), skipped: 0, ratePerMinute: 60, now: T0 - 5000 }));
    const { runner, calls } = fakeRunner();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(0);
    void runner.wake();
    await drain(runner);
    expect(calls.map((call) => call.at - T0)).toEqual([0, 1000]);
    expect(await storedJob()).toMatchObject({ id: 'stored', status: 'done', created: 2 });
  });

  it.each([
    ['missing', undefined],
    ['of another job', { jobId: 'other', rows: [] }],
    ['unreadable', { jobId: 'stored', rows: 'not rows' }],
  ])('rows %s: the job pauses with a message and nothing is sent or lost', async (_case, stored) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { job } = newBulkJob({ id: 'stored', rows: rows(2), skipped: 0, ratePerMinute: 60, now: T0 });
    await storeJob({ job: { ...job, inFlight: 0 } });
    if (stored) await fakeBrowser.storage.local.set({ [testKey('bulkCreateRows')]: stored });
    const { runner, calls, alarm } = fakeRunner();
    void runner.wake();
    await drain(runner);
    expect(calls).toHaveLength(0);
    expect(await storedJob()).toMatchObject({
      status: 'paused',
      message: ROWS_UNREADABLE,
      inFlight: 0,
      next: 0,
      queued: 2,
      created: 0,
      failed: [],
    });
    expect(alarm.clear).toHaveBeenCalled();
    // Resuming without the rows pauses again, rather than sending or spinning.
    expect(await runner.resume()).toEqual({ ok: true, value: {} });
    await drain(runner);
    expect(await storedJob()).toMatchObject({ status: 'paused', message: ROWS_UNREADABLE });
  });

  it('a Retry-After longer than a worker may idle ends the loop; the alarm takes over', async () => {
    const { runner, calls, alarm } = fakeRunner((row, call) => (call === 1 ? rateLimited(120) : created(row)));
    await runner.start(rows(1), 600);
    await vi.advanceTimersByTimeAsync(0);
    await runner.kick();
    expect(calls).toHaveLength(1);
    expect(alarm.ensure).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0); // nothing left waiting inside the worker
    vi.setSystemTime(T0 + 100_000);
    void runner.wake(); // 20 s left: waits inside the worker
    await drain(runner);
    expect(calls.map((call) => call.at - T0)).toEqual([0, 120_000]);
    expect(await storedJob()).toMatchObject({ status: 'done', created: 1 });
  });
});

describe('what is written', () => {
  it('the rows once, with the progress, in one storage call; then per row the small progress twice, the second time with the group', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const { runner } = fakeRunner();
    await runner.start(rows(1000), null);
    await drain(runner);
    expect(await storedJob()).toMatchObject({ status: 'done', created: 1000 });
    const writes = set.mock.calls.map(([items]) => items as Record<string, unknown>);
    const withRows = writes.filter((items) => testKey('bulkCreateRows') in items);
    expect(withRows).toHaveLength(1);
    expect(Object.keys(withRows[0]!).sort()).toEqual([
      testKey('bulkCreateJob'),
      `${testKey('bulkCreateJob')}$`,
      testKey('bulkCreateRows'),
    ]);
    const progress = writes.filter(
      (items) => testKey('bulkCreateJob') in items && !(testKey('bulkCreateRows') in items),
    );
    expect(progress.length).toBe(2000); // before and after each row
    const largest = Math.max(...progress.map((items) => JSON.stringify(items[testKey('bulkCreateJob')]).length));
    expect(largest).toBeLessThan(2048);
    // After each row: its outcome in the same storage call as its group (part, tokens, index), and no other
    // write: a stopped worker leaves both or neither.
    const isPart = (key: string) => key.startsWith(testKey('userGroups.'));
    const withGroup = progress.filter((items) => Object.keys(items).some(isPart));
    expect(withGroup).toHaveLength(1000);
    expect(writes.filter((items) => Object.keys(items).some(isPart) && !(testKey('bulkCreateJob') in items))).toEqual(
      [],
    );
    expect(writes).toHaveLength(2001);
  });
});

describe('the background wiring', () => {
  it('start, alarm and cancel through the workspace services, with the real alarm', async () => {
    await seedConnection(
      { userGroupBaseUrl: CONNECTION.userGroupBaseUrl, projectApiUrl: '', secretsArea: 'local' },
      { apiToken: CONNECTION.apiToken, apiKey: '', authToken: '' },
    );
    // permissions.contains is not implemented by the fake browser.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
    vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(() => Promise.resolve(true));
    const createUserGroup = vi.fn(() => new Promise(() => undefined));
    const api = { createUserGroup } as unknown as UserGroupApi;
    const services = createWorkspaceServices(
      TEST_WORKSPACE_ID,
      {
        projectApi: createProjectApi({ fetch }),
        userGroupApi: api,
        bulkAlarm: bulkAlarmFor,
        registerAlarm: registerAlarmFor,
      },
      LONE_WORKSPACE,
    );
    const jobs = services.jobs();
    const BULK_CREATE_ALARM = bulkCreateAlarmName(TEST_WORKSPACE_ID);
    expect(await jobs.startBulkCreate(rows(2), 150)).toEqual(ok({ total: 2, skipped: 0 }));
    expect(await fakeBrowser.alarms.get(BULK_CREATE_ALARM)).toMatchObject({ periodInMinutes: 0.5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(createUserGroup).toHaveBeenCalledTimes(1);
    expect(await jobs.cancel()).toEqual(ok({}));
    expect(await fakeBrowser.alarms.get(BULK_CREATE_ALARM)).toBeUndefined();
    // Resume after Cancel carries on with the rows not sent; with nothing left to resume, NOT_FOUND.
    expect(await jobs.resume()).toEqual(ok({}));
    expect(await fakeBrowser.alarms.get(BULK_CREATE_ALARM)).toMatchObject({ periodInMinutes: 0.5 });
    expect(await jobs.cancel()).toEqual(ok({}));
    expect(await jobs.cancel()).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
