import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { UserGroupApi, WireUserGroup } from '@/lib/api/user-group-api';
import { fail, ok } from '@/lib/result';
import { verbatimText } from '@/lib/message-ref';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { createRotationResultsStore } from '@/lib/storage/credentials/rotation-results-store';
import type { Registry } from '@/lib/storage/registry/registry-schema';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createBulkRunner } from '@/lib/user-groups/bulk/bulk-runner';
import { selectionRows } from '@/lib/user-groups/bulk/bulk-selection';
import { createGroupOperations } from '@/lib/user-groups/operations/group-operations';
import { settleOrphanedRotations, upsertFromService } from '@/lib/user-groups/operations/registry-updates';
import { createRotationResults } from '@/lib/user-groups/rotation/rotation-results';
import { CONNECTION, storedJob } from './bulk-fakes';
import { TEST_SCOPE, testKey } from '../helpers/test-workspace';

// Issue 41, finding 2: Rotate due tokens on 6 groups with one failure, then Retry failed: Export rotation
// results held 1 token, the other 5 new tokens were not in it. The results now belong to the jobs: each
// new token is stored with the group's, in one storage call, and stays until the admin clears them.

const IDS = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6'];
const wire = (id: string, token: string): WireUserGroup => ({
  team_id: 7,
  token,
  name: `Team ${id}`,
  provided_id: id,
  api_environment_tag: 'Customer',
});

/** A service that rotates a group's token when given the current one; `failFirst` answers 500 (before acting) once. */
function fakeService(failFirst?: string) {
  const tokens = new Map(IDS.map((id) => [id, `ugt_${id}_0`]));
  let issued = 0;
  let failed = false;
  const api = {
    createUserGroup: vi.fn((_connection: unknown, group: { userGroupId: string }) =>
      Promise.resolve(ok({ group: wire(group.userGroupId, tokens.get(group.userGroupId)!), created: false })),
    ),
    rotateToken: vi.fn((_connection: unknown, current: string) => {
      const id = [...tokens].find(([, token]) => token === current)?.[0];
      if (!id) return Promise.resolve(fail('REJECTED', verbatimText('No user group has this token')));
      if (id === failFirst && !failed) {
        failed = true;
        return Promise.resolve(fail('SERVICE_ERROR', verbatimText('HTTP 500'), { maybeProcessed: true }));
      }
      tokens.set(id, `ugt_${id}_${(issued += 1)}`);
      return Promise.resolve(ok(wire(id, tokens.get(id)!)));
    }),
    deleteUserGroup: vi.fn(() => Promise.resolve(ok(null))),
  };
  return { api: api as unknown as UserGroupApi, tokens };
}

/** One worker's stores and runner, as workspace-services.ts wires them. */
function worker(api: UserGroupApi) {
  const registry = createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE));
  const connection = { require: () => Promise.resolve(ok(CONNECTION)) };
  const jobs = createBulkJobStore(TEST_SCOPE);
  const results = createRotationResults({ store: createRotationResultsStore(TEST_SCOPE), jobs, registry });
  const runner = createBulkRunner({
    api,
    registry,
    jobs,
    connect: connection.require,
    alarm: { ensure: () => Promise.resolve(), clear: () => Promise.resolve() },
    groups: createGroupOperations({ api, connection, registry }),
    rotationResults: results,
  });
  return { registry, jobs, results, runner };
}

async function seedGroups() {
  const { registry } = worker(fakeService().api);
  await registry.update((current) => ({
    registry: IDS.reduce<Registry>(
      (next, id) => upsertFromService(next, wire(id, `ugt_${id}_0`), 'Customer', '2026-01-01T00:00:00.000Z'),
      current,
    ),
    result: null,
  }));
}

const selection = (ids: readonly string[]) =>
  selectionRows(ids.map((id) => ({ name: `Team ${id}`, userGroupId: id, environment: 'Customer' as const })));

/** Retry failed, as the page sends it: a new job with the failed rows. */
async function retryFailed(runner: ReturnType<typeof worker>['runner']) {
  const { failed } = await storedJob();
  if (failed.length === 0) return;
  await runner.startSelection('rotate', selection(failed.map((row) => row.userGroupId)), null);
  await runner.idle();
}

async function until(done: () => boolean | Promise<boolean>, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 2));
}

beforeEach(async () => {
  fakeBrowser.reset();
  await seedGroups();
});

describe('rotation results across Retry failed', () => {
  it('6 due tokens, one 500, Retry failed: the results hold all 6 new tokens, each the one the service has', async () => {
    const service = fakeService('g3');
    const { runner, results } = worker(service.api);
    await runner.startSelection('rotate', selection(IDS), null);
    await runner.idle();
    expect(await storedJob()).toMatchObject({ created: 5, failed: [expect.objectContaining({ userGroupId: 'g3' })] });
    await retryFailed(runner);
    expect(await storedJob()).toMatchObject({ created: 1, failed: [] });

    const held = await results.read();
    expect(held?.results.map((result) => [result.userGroupId, result.token]).sort()).toEqual(
      IDS.map((id) => [id, service.tokens.get(id)]),
    );
    expect(await results.summary()).toEqual({ count: 6, since: held?.since });
  });

  it('a group rotated again keeps only its newest token; Clear empties them and brings nothing back', async () => {
    const service = fakeService();
    const { runner, results } = worker(service.api);
    await runner.startSelection('rotate', selection(['g1', 'g2']), null);
    await runner.idle();
    await runner.startSelection('rotate', selection(['g2']), null);
    await runner.idle();
    expect((await results.read())?.results.map((result) => [result.userGroupId, result.token])).toEqual([
      ['g1', service.tokens.get('g1')],
      ['g2', service.tokens.get('g2')],
    ]);
    await results.clear();
    expect(await results.summary()).toEqual({ count: 0 });
    expect((await results.read())?.results).toEqual([]);
  });

  it('each new token is stored in the same storage call as the registry’s', async () => {
    const service = fakeService();
    const { runner } = worker(service.api);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    await runner.startSelection('rotate', selection(['g1']), null);
    await runner.idle();
    const withResults = set.mock.calls.filter(([items]) => testKey('rotationResults') in items);
    expect(withResults).toHaveLength(1);
    const [items] = withResults[0]!;
    expect(Object.keys(items).some((key) => key.startsWith(`${TEST_SCOPE}userGroupTokens.`))).toBe(true);
    expect(JSON.stringify(items)).toContain(service.tokens.get('g1'));
  });
});

describe('a rotate job whose worker is stopped between any two writes', () => {
  it('ends, after a new worker and Retry failed, with every group’s new token in the results', async () => {
    // The writes a job of the 6 groups makes when nothing stops it.
    const all = vi.spyOn(fakeBrowser.storage.local, 'set');
    const whole = worker(fakeService().api);
    await whole.runner.startSelection('rotate', selection(IDS), null);
    await whole.runner.idle();
    const writes = all.mock.calls.length;
    all.mockRestore();
    expect(writes).toBeGreaterThan(2 * IDS.length);

    for (let stopAfter = 1; stopAfter < writes; stopAfter += 1) {
      fakeBrowser.reset();
      await seedGroups();
      const service = fakeService();
      const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
      let count = 0;
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- storage.local.set answers a promise
      const stopped = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((items) => {
        count += 1;
        // The worker is gone: this write and every later one never happen.
        return count > stopAfter ? new Promise<void>(() => undefined) : set(items);
      });
      void worker(service.api).runner.startSelection('rotate', selection(IDS), null);
      await until(() => count > stopAfter);
      await new Promise((resolve) => setTimeout(resolve, 5));
      stopped.mockRestore();

      // A new worker: the registry settles a rotation cut off on the wire, the job carries on, then Retry failed.
      const next = worker(service.api);
      await next.registry.update((current) => ({ registry: settleOrphanedRotations(current, 'now'), result: null }));
      await next.runner.wake();
      await retryFailed(next.runner);
      await retryFailed(next.runner);

      const registry = await next.registry.settled();
      const held = new Map((await next.results.read())?.results.map((result) => [result.userGroupId, result.token]));
      for (const id of IDS) {
        const entry = registry.groups.find((group) => group.provided_id === id)!;
        expect(entry.token, `stop after write ${stopAfter}: ${id} in the registry`).toBe(service.tokens.get(id));
        expect(held.get(id), `stop after write ${stopAfter}: ${id} in the results`).toBe(service.tokens.get(id));
      }
    }
  }, 60_000);
});
