import { browser } from 'wxt/browser';
import type { UserGroupApi } from '@/lib/api/user-group-api';
import { createCachedConnection } from '@/lib/connection/cached-connection';
import type { Handlers } from '@/lib/messaging/router';
import { fail } from '@/lib/result';
import { localBytesInUse } from '@/lib/storage/storage-usage';
import { planBulkCreate } from '@/lib/user-groups/bulk-job';
import type { BulkRow } from '@/lib/user-groups/bulk-schema';
import { createBulkJobStore } from '@/lib/user-groups/bulk-job-store';
import { createBulkRunner, type BulkAlarm, type BulkRunner } from '@/lib/user-groups/bulk-runner';
import { bulkGrowth, capacityProblem } from '@/lib/user-groups/registry-capacity';
import type { RegistryWriter } from '@/lib/user-groups/registry-writer';

export const BULK_CREATE_ALARM = 'bulk-create';

/**
 * Every 30 seconds (Chrome's shortest period) while a job runs: a worker the browser stopped is
 * started again by the alarm, and the runner carries on from storage.
 */
const bulkAlarm: BulkAlarm = {
  async ensure() {
    if (!(await browser.alarms.get(BULK_CREATE_ALARM))) await browser.alarms.create(BULK_CREATE_ALARM, { periodInMinutes: 0.5 });
  },
  async clear() {
    await browser.alarms.clear(BULK_CREATE_ALARM);
  },
};

export function createBulkCreateRunner(api: UserGroupApi, registry: RegistryWriter): BulkRunner {
  return createBulkRunner({ api, registry, jobs: createBulkJobStore(), connect: createCachedConnection('userGroup'), alarm: bulkAlarm });
}

/** The alarms.onAlarm listener: resume a running job unless this worker is already on it. */
export function onBulkCreateAlarm(runner: BulkRunner) {
  return (alarm: { name: string }) => {
    if (alarm.name === BULK_CREATE_ALARM) void runner.wake();
  };
}

/** Why these rows would take storage past its budget (lib/user-groups/registry-capacity.ts), or undefined. */
async function outgrowsStorage(registry: RegistryWriter, rows: readonly BulkRow[]): Promise<string | undefined> {
  const current = await registry.settled();
  const growth = bulkGrowth(planBulkCreate(rows, current).toCreate, new Date().toISOString());
  return capacityProblem({ usedBytes: await localBytesInUse(), storedGroups: current.groups.length }, growth);
}

/** With the registry, a job that would outgrow the storage budget is refused before it starts. */
export function createBulkCreateHandlers(runner: BulkRunner, registry?: RegistryWriter): Pick<Handlers, 'startBulkCreate' | 'cancelBulkCreate' | 'resumeBulkCreate'> {
  return {
    async startBulkCreate(request) {
      const problem = registry && (await outgrowsStorage(registry, request.rows));
      return problem ? fail('INVALID_INPUT', problem) : runner.start(request.rows, request.ratePerMinute);
    },
    cancelBulkCreate: () => runner.cancel(),
    resumeBulkCreate: () => runner.resume(),
  };
}
