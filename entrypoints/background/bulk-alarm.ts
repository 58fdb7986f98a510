import { browser } from 'wxt/browser';
import type { JobAlarm } from '@/lib/jobs/job-runner';

/** Each workspace's job has its own alarm, so that one workspace's job runs while another is shown. */
export const BULK_CREATE_ALARM_PREFIX = 'bulk-create:';
export const bulkCreateAlarmName = (workspaceId: string) => `${BULK_CREATE_ALARM_PREFIX}${workspaceId}`;

/** The alarm of versions before workspaces: cleared when it fires (the start-up wake carries its job on). */
export const LEGACY_BULK_CREATE_ALARM = 'bulk-create';

/**
 * Every 30 seconds (Chrome's shortest period) while a job runs: a worker the browser stopped is
 * started again by the alarm, and the workspace's runner carries on from storage.
 */
export function bulkAlarmFor(workspaceId: string): JobAlarm {
  return periodicAlarm(bulkCreateAlarmName(workspaceId));
}

/** A workspace's register-pages job has an alarm of its own: it may run beside the user-group job. */
export const REGISTER_PAGES_ALARM_PREFIX = 'register-pages:';
export const registerPagesAlarmName = (workspaceId: string) => `${REGISTER_PAGES_ALARM_PREFIX}${workspaceId}`;
export const registerAlarmFor = (workspaceId: string): JobAlarm => periodicAlarm(registerPagesAlarmName(workspaceId));

function periodicAlarm(name: string): JobAlarm {
  return {
    async ensure() {
      if (!(await browser.alarms.get(name))) await browser.alarms.create(name, { periodInMinutes: 0.5 });
    },
    async clear() {
      await browser.alarms.clear(name);
    },
  };
}
