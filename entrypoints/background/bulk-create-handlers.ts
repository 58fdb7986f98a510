import { browser } from 'wxt/browser';
import type { UserGroupApi } from '@/lib/api/user-group-api';
import { createCachedConnection } from '@/lib/connection/cached-connection';
import type { Handlers } from '@/lib/messaging/router';
import { createBulkJobStore } from '@/lib/user-groups/bulk-job-store';
import { createBulkRunner, type BulkAlarm, type BulkRunner } from '@/lib/user-groups/bulk-runner';
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

export function createBulkCreateHandlers(runner: BulkRunner): Pick<Handlers, 'startBulkCreate' | 'cancelBulkCreate' | 'resumeBulkCreate'> {
  return {
    startBulkCreate: (request) => runner.start(request.rows, request.ratePerMinute),
    cancelBulkCreate: () => runner.cancel(),
    resumeBulkCreate: () => runner.resume(),
  };
}
