import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { UserGroupApi, WireUserGroup } from '@/lib/api/user-group-api';
import { fail, ok, type Result } from '@/lib/result';
import { JOB_UNDER_WAY } from '@/lib/user-groups/bulk/bulk-runner';
import { createGroupOperations, type GroupOperationsDeps } from '@/lib/user-groups/operations/group-operations';
import { selectionRows } from '@/lib/user-groups/bulk/bulk-selection';
import { settleOrphanedRotations, upsertFromService } from '@/lib/user-groups/operations/registry-updates';
import { createRegistryWriter, type RegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { CONNECTION, fakeRunner, remainingIds, storedJob, timedOut, drain } from './bulk-fakes';
import { textsRendered } from '../helpers/error-text';
import { TEST_SCOPE } from '../helpers/test-workspace';
import { verbatimText } from '@/lib/message-ref';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const IDS = ['a', 'b', 'c', 'd'];
const wire = (id: string, token: string): WireUserGroup => ({
  team_id: 7,
  token,
  name: `Group ${id}`,
  provided_id: id,
  api_environment_tag: 'Customer',
});
const groups = (ids = IDS) =>
  ids.map((id) => ({ name: `Group ${id}`, userGroupId: id, environment: 'Customer' as const }));

type Answer = Result<unknown> | Promise<Result<unknown>>;

/**
 * A runner whose selection jobs go through the real single-row operations
 * (lib/user-groups/operations/group-operations.ts) on a scripted API. `answer(kind, id, call)` scripts each rotate and delete.
 */
async function selectionRunner(answer: (kind: 'rotate' | 'delete', id: string, call: number) => Answer) {
  const calls: string[] = [];
  const count = new Map<string, number>();
  const tokenOwner = new Map<string, string>();
  const next = (key: string) => {
    const call = (count.get(key) ?? 0) + 1;
    count.set(key, call);
    return call;
  };
  const api = {
    createUserGroup: vi.fn((_c: unknown, group: { userGroupId: string }) =>
      Promise.resolve(ok({ group: wire(group.userGroupId, `ugt_${group.userGroupId}_learned`), created: false })),
    ),
    rotateToken: vi.fn(async (_c: unknown, token: string) => {
      const id = tokenOwner.get(token) ?? token.split('_')[1]!;
      calls.push(`rotate:${id}`);
      const result = await answer('rotate', id, next(`rotate:${id}`));
      return result.ok ? ok(wire(id, `ugt_${id}_new`)) : result;
    }),
    deleteUserGroup: vi.fn(async (_c: unknown, request: { userGroupId: string }) => {
      calls.push(`delete:${request.userGroupId}`);
      return answer('delete', request.userGroupId, next(`delete:${request.userGroupId}`));
    }),
  } as unknown as UserGroupApi;
  const registry = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
  await registry.update((current) => ({
    registry: IDS.reduce((r, id) => upsertFromService(r, wire(id, `ugt_${id}`), 'Customer', 'then'), current),
    result: null,
  }));
  const connection: GroupOperationsDeps['connection'] = { require: () => Promise.resolve(ok(CONNECTION)) };
  const made = fakeRunner(undefined, { registry, groups: createGroupOperations({ api, connection, registry }) });
  return { ...made, calls, api };
}

async function entry(registry: RegistryWriter, id: string) {
  return (await registry.read()).groups.find((group) => group.provided_id === id);
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('selection jobs: rotate or delete a set of groups in the background', () => {
  it('rotates each group through the single-row rotation: new tokens in the registry, paced like bulk create', async () => {
    const { runner, calls, registry } = await selectionRunner(() => ok(null));
    expect(await runner.startSelection('rotate', selectionRows(groups(['a', 'b', 'c'])), 600)).toEqual(
      ok({ total: 3, skipped: 0 }),
    );
    await drain(runner);
    expect(calls).toEqual(['rotate:a', 'rotate:b', 'rotate:c']);
    expect(await storedJob()).toMatchObject({ operation: 'rotate', status: 'done', total: 3, created: 3, failed: [] });
    expect((await entry(registry, 'b'))?.token).toBe('ugt_b_new');
    expect((await entry(registry, 'd'))?.token).toBe('ugt_d');
  });

  it('an unknown rotation outcome is flagged on the group as the single row does, recorded as failed, and not sent again unasked', async () => {
    const { runner, calls, registry } = await selectionRunner((_kind, id) => (id === 'b' ? timedOut() : ok(null)));
    await runner.startSelection('rotate', selectionRows(groups(['a', 'b', 'c'])), 600);
    await drain(runner);
    expect(calls).toEqual(['rotate:a', 'rotate:b', 'rotate:c']);
    const job = await storedJob();
    expect(job).toMatchObject({ status: 'done', created: 2, retries: [] });
    expect(textsRendered(job.failed)).toEqual([
      {
        line: 2,
        name: 'Group b',
        userGroupId: 'b',
        environment: 'Customer',
        message: expect.stringContaining('Outcome unknown') as string,
      },
    ]);
    expect(textsRendered((await entry(registry, 'b'))?.rotation)).toMatchObject({
      state: 'unknown',
      message: expect.stringContaining('Rotation outcome unknown') as string,
    });
  });

  it('deletes through the single-row delete: removed on success, flagged deleteOutcomeUnknown when the answer is lost or refused (a re-sent copy may have gone through)', async () => {
    const { runner, registry } = await selectionRunner((_kind, id) =>
      id === 'b'
        ? timedOut()
        : id === 'c'
          ? fail('REJECTED', verbatimText('The service refused: no such group.'))
          : ok(null),
    );
    await runner.startSelection('delete', selectionRows(groups()), 600);
    await drain(runner);
    const job = await storedJob();
    expect(job).toMatchObject({ operation: 'delete', status: 'done', created: 2 });
    expect(
      (textsRendered(job.failed) as { userGroupId: string; message: string }[]).map((failure) => [
        failure.userGroupId,
        failure.message,
      ]),
    ).toEqual([
      ['b', expect.stringContaining('Outcome unknown') as string],
      ['c', 'The service refused: no such group.'],
    ]);
    expect(await entry(registry, 'a')).toBeUndefined();
    expect(await entry(registry, 'd')).toBeUndefined();
    expect(textsRendered((await entry(registry, 'b'))?.deleteOutcomeUnknown)).toMatchObject({
      message: expect.stringContaining('Delete outcome unknown') as string,
    });
    expect(textsRendered((await entry(registry, 'c'))?.deleteOutcomeUnknown)).toMatchObject({
      message: expect.stringContaining('Delete refused') as string,
    });
  });

  it('429 waits for Retry-After and sends the same group again; credentials refused pause the job, resume carries on', async () => {
    let refuse = true;
    const { runner, calls } = await selectionRunner((_kind, id, call) => {
      if (id === 'a' && call === 1)
        return fail('RATE_LIMITED', verbatimText('Rate limited.'), { retryAfterSeconds: 2 });
      if (id === 'c' && refuse) return fail('UNAUTHENTICATED', verbatimText('Check the API token.'));
      return ok(null);
    });
    await runner.startSelection('delete', selectionRows(groups(['a', 'b', 'c'])), 600);
    await drain(runner);
    expect(calls).toEqual(['delete:a', 'delete:a', 'delete:b', 'delete:c']);
    expect(textsRendered(await storedJob())).toMatchObject({
      status: 'paused',
      message: 'Check the API token.',
      created: 2,
      failed: [],
    });
    refuse = false;
    expect(await runner.resume()).toEqual(ok({}));
    await drain(runner);
    expect(await storedJob()).toMatchObject({ status: 'done', created: 3 });
  });

  it('credentials locked (the passphrase lock) pause the job with the message; nothing is failed for it', async () => {
    let locked = true;
    const { runner } = await selectionRunner((_kind, id) =>
      locked && id === 'b' ? fail('LOCKED', verbatimText('Credentials are locked.')) : ok(null),
    );
    await runner.startSelection('rotate', selectionRows(groups(['a', 'b'])), 600);
    await drain(runner);
    expect(textsRendered(await storedJob())).toMatchObject({
      status: 'paused',
      message: 'Credentials are locked.',
      created: 1,
      failed: [],
    });
    locked = false;
    await runner.resume();
    await drain(runner);
    expect(await storedJob()).toMatchObject({ status: 'done', created: 2 });
  });

  it('one job per workspace: a selection job is refused while a bulk create runs, and the other way round', async () => {
    const { runner } = await selectionRunner(() => new Promise(() => undefined));
    await runner.startSelection('rotate', selectionRows(groups()), 60);
    expect(await runner.startSelection('delete', selectionRows(groups()), 60)).toEqual(
      fail('INVALID_INPUT', JOB_UNDER_WAY),
    );
    expect(await runner.start(selectionRows(groups(['new'])), 60)).toEqual(fail('INVALID_INPUT', JOB_UNDER_WAY));
  });

  it('cancel stops after the request in flight; Resume continues with the groups not sent', async () => {
    const { runner, calls } = await selectionRunner(() => ok(null));
    await runner.startSelection('rotate', selectionRows(groups()), 60);
    await vi.advanceTimersByTimeAsync(1500);
    expect(calls).toEqual(['rotate:a', 'rotate:b']);
    expect(await runner.cancel()).toEqual(ok({}));
    await drain(runner);
    expect(await storedJob()).toMatchObject({ status: 'cancelled', created: 2 });
    expect(await remainingIds()).toEqual(['c', 'd']);
    expect(await runner.resume()).toEqual(ok({}));
    const resumed = await storedJob();
    expect(resumed.status).toBe('running');
    expect(resumed).not.toHaveProperty('finishedAt');
    await drain(runner);
    expect(calls).toEqual(['rotate:a', 'rotate:b', 'rotate:c', 'rotate:d']);
    expect(await storedJob()).toMatchObject({ status: 'done', created: 4 });
  });

  it('Retry failed: a new job of the failed groups only', async () => {
    let failing = true;
    const { runner, calls } = await selectionRunner((_kind, id) =>
      failing && id !== 'a' ? fail('REJECTED', verbatimText('No.')) : ok(null),
    );
    await runner.startSelection('rotate', selectionRows(groups(['a', 'b', 'c'])), 600);
    await drain(runner);
    const first = await storedJob();
    expect(first.failed.map((failure) => failure.userGroupId)).toEqual(['b', 'c']);
    failing = false;
    expect(await runner.startSelection('rotate', selectionRows(first.failed), 600)).toEqual(
      ok({ total: 2, skipped: 0 }),
    );
    await drain(runner);
    expect(calls.slice(3)).toEqual(['rotate:b', 'rotate:c']);
    expect(await storedJob()).toMatchObject({ status: 'done', created: 2, failed: [] });
  });
});

describe('a worker stopped in the middle of a selection job', () => {
  it('a delete cut off in flight: the group is flagged deleteOutcomeUnknown, the row failed as unknown, the job goes on', async () => {
    const first = await selectionRunner((_kind, id) => (id === 'b' ? new Promise(() => undefined) : ok(null)));
    await first.runner.startSelection('delete', selectionRows(groups(['a', 'b', 'c'])), 600);
    await vi.advanceTimersByTimeAsync(150);
    expect((await storedJob()).inFlight).toBe(1);

    const registry = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    const second = fakeRunner(undefined, {
      registry,
      groups: createGroupOperations({
        api: first.api,
        connection: { require: () => Promise.resolve(ok(CONNECTION)) },
        registry,
      }),
    });
    void second.runner.wake();
    await drain(second.runner);
    const job = await storedJob();
    expect(job).toMatchObject({ status: 'done', created: 2 });
    expect(textsRendered(job.failed)).toEqual([
      expect.objectContaining({
        userGroupId: 'b',
        message: expect.stringContaining('Outcome unknown') as string,
      }) as object,
    ]);
    expect((await entry(registry, 'b'))?.deleteOutcomeUnknown).toBeDefined();
    expect(await entry(registry, 'c')).toBeUndefined();
  });

  it('a rotation cut off in flight: the registry settles its pending mark as unknown; the row is failed, not re-sent', async () => {
    const first = await selectionRunner((_kind, id) => (id === 'a' ? new Promise(() => undefined) : ok(null)));
    await first.runner.startSelection('rotate', selectionRows(groups(['a', 'b'])), 600);
    await vi.advanceTimersByTimeAsync(50);
    expect((await entry(first.registry, 'a'))?.rotation?.state).toBe('pending');
    // The new worker's registry settles the pending mark first (lib/workspaces/workspace-services.ts).
    const registry = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
    await registry.update((current) => ({ registry: settleOrphanedRotations(current, 'now'), result: null }));
    const second = fakeRunner(undefined, {
      registry,
      groups: createGroupOperations({
        api: first.api,
        connection: { require: () => Promise.resolve(ok(CONNECTION)) },
        registry,
      }),
    });
    void second.runner.wake();
    await drain(second.runner);
    expect(textsRendered(await storedJob())).toMatchObject({
      status: 'done',
      created: 1,
      failed: [
        expect.objectContaining({
          userGroupId: 'a',
          message: expect.stringContaining('Outcome unknown') as string,
        }) as object,
      ],
    });
    expect((await entry(registry, 'a'))?.rotation?.state).toBe('unknown');
    expect(first.calls.filter((call) => call === 'rotate:a')).toHaveLength(1);
  });
});

describe('selectionRows', () => {
  it('one row per group in the order given, numbered from 1; a name the rows cannot hold becomes the ID', () => {
    expect(
      selectionRows([...groups(['a', 'b']), { name: '', userGroupId: 'c', environment: 'Testing' }, ...groups(['a'])]),
    ).toEqual([
      { line: 1, name: 'Group a', userGroupId: 'a', environment: 'Customer' },
      { line: 2, name: 'Group b', userGroupId: 'b', environment: 'Customer' },
      { line: 3, name: 'c', userGroupId: 'c', environment: 'Testing' },
    ]);
  });
});
