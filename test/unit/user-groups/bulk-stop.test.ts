import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createActivityRecorder } from '@/lib/activity/activity-recorder';
import { tokenFingerprint } from '@/lib/hash/sha256';
import { createActivityStore } from '@/lib/storage/activity/activity-store';
import { readStoredActivity, verifyStoredActivity } from '@/lib/storage/activity/activity-source';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { recordJobTransitions } from '@/lib/user-groups/bulk/job-activity';
import { created, fakeRunner, rows, storedJob } from './bulk-fakes';
import { TEST_SCOPE } from '../helpers/test-workspace';

// A bulk create (throttle off, the activity log on, as the background wires it) whose worker is stopped
// after its k-th storage write, for every k: the write and every one after it never happen, as when the
// browser ends the worker. A new worker (new stores, nothing in memory) then carries on from storage.

const ROWS = 3;

/** The stores of one worker, as workspace-services.ts wires them. */
function worker(sent: Map<string, number>) {
  const activity = createActivityRecorder(createActivityStore());
  return fakeRunner(
    (row) => {
      sent.set(row.userGroupId, (sent.get(row.userGroupId) ?? 0) + 1);
      return created(row, (sent.get(row.userGroupId) ?? 0) > 1);
    },
    { activity, jobs: recordJobTransitions(createBulkJobStore(TEST_SCOPE), activity) },
  );
}

async function until(done: () => boolean | Promise<boolean>, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 2));
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('a worker stopped between any two writes of a bulk create', () => {
  it('loses nothing and sends no row more than once more (the one cut off); the activity log verifies', async () => {
    // The writes a job of 3 rows makes when nothing stops it.
    const all = vi.spyOn(fakeBrowser.storage.local, 'set');
    const whole = worker(new Map());
    await whole.runner.start(rows(ROWS), null);
    await whole.runner.idle();
    await createActivityStore().settled();
    await until(async () => (await storedJob()).status === 'done');
    const writes = all.mock.calls.length;
    all.mockRestore();
    expect(writes).toBeGreaterThan(2 * ROWS);

    for (let stopAfter = 1; stopAfter < writes; stopAfter += 1) {
      fakeBrowser.reset();
      const sent = new Map<string, number>();
      const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
      let count = 0;
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- storage.local.set answers a promise
      const stopped = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation((items) => {
        count += 1;
        // The worker is gone: this write and every later one never happen.
        return count > stopAfter ? new Promise<void>(() => undefined) : set(items);
      });
      const first = worker(sent);
      void first.runner.start(rows(ROWS), null);
      await until(() => count > stopAfter);
      await new Promise((resolve) => setTimeout(resolve, 5));
      stopped.mockRestore();

      const second = worker(sent);
      await second.runner.wake();
      await until(async () => (await storedJob()).status === 'done');

      const job = await storedJob();
      const context = `stopped after write ${stopAfter} of ${writes}`;
      expect(job, context).toMatchObject({ status: 'done', failed: [] });
      expect(job.created + job.existed, context).toBe(ROWS);
      // Every row in the registry with its token.
      const registry = await createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)).read();
      expect(registry.groups.map((group) => [group.provided_id, group.token]).sort(), context).toEqual(
        rows(ROWS).map((row) => [row.userGroupId, `ugt_${row.userGroupId}`]),
      );
      // No row sent twice, but the one cut off (get-or-create) once more.
      const counts = [...sent.values()];
      expect(Math.max(...counts), context).toBeLessThanOrEqual(2);
      expect(
        counts.reduce((sum, n) => sum + n, 0),
        context,
      ).toBeLessThanOrEqual(ROWS + 1);
      // The log: intact, and an entry with the token's fingerprint for every group the registry holds.
      await createActivityStore().settled();
      expect(await verifyStoredActivity(), context).toMatchObject({ ok: true });
      const entries = (await readStoredActivity()).rows.map((row) => row.entry!);
      for (const group of registry.groups)
        expect(
          entries.some(
            (entry) =>
              entry.kind === 'groupCreated' && entry.group?.id === group.provided_id && entry.fingerprint !== undefined,
          ),
          `${context}: ${group.provided_id}`,
        ).toBe(true);
      for (const group of registry.groups) {
        const fingerprint = await tokenFingerprint(group.token);
        expect(
          entries.filter((entry) => entry.group?.id === group.provided_id).every((e) => e.fingerprint === fingerprint),
          context,
        ).toBe(true);
      }
    }
  }, 60_000);
});
