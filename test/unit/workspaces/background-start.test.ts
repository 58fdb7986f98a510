// A worker's start: the upgrade runs before any handler reads, and every workspace's running job
// carries on (its own alarm restarts it; an alarm of a deleted workspace is cleared).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkCreateAlarmName } from '@/entrypoints/background/bulk-alarm';
import { newBulkJob } from '@/lib/user-groups/bulk/bulk-job';
import { workspaceKey } from '@/lib/storage/workspace-keys';
import { loadStorageFixture } from '../fixtures/storage/load';
import { expectOk } from '../helpers/results';
import { seedTwoWorkspaces, startBackground, WORKSPACE_A, WORKSPACE_B } from './background-fixture';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the upgrade comes first', () => {
  it('a message sent while the upgrade runs is answered from the migrated data', async () => {
    const snapshot = loadStorageFixture<{ local: Record<string, unknown> }>('storage-local.pre-workspaces.json').local;
    await fakeBrowser.storage.local.set(snapshot);
    const { send } = startBackground();
    const { workspaces, lastUsed } = expectOk(await send('listWorkspaces', {}));
    expect(workspaces).toHaveLength(1);
    expect(expectOk(await send('getConnectionStatus', { workspaceId: lastUsed }))).toMatchObject({
      projectApiReady: true,
      userGroupApiReady: true,
    });
    expect(expectOk(await send('readUserGroupRegistry', { workspaceId: lastUsed })).groups).toHaveLength(3);
  });
});

describe('bulk jobs at a worker’s start', () => {
  beforeEach(async () => {
    await seedTwoWorkspaces();
  });

  it('each workspace whose job was running carries on; one whose job is done is not woken', async () => {
    const running = newBulkJob({
      id: 'job-b',
      rows: [{ line: 2, name: 'G', userGroupId: 'g-b', environment: 'Customer' }],
      skipped: 0,
      ratePerMinute: null,
      now: Date.now(),
    });
    const done = {
      ...newBulkJob({ id: 'job-a', rows: [], skipped: 0, ratePerMinute: null, now: Date.now() }).job,
      status: 'done' as const,
    };
    await fakeBrowser.storage.local.set({
      [workspaceKey(WORKSPACE_B, 'bulkCreateJob')]: running.job,
      [`${workspaceKey(WORKSPACE_B, 'bulkCreateJob')}$`]: { v: 2 },
      [workspaceKey(WORKSPACE_B, 'bulkCreateRows')]: running.rows,
      [workspaceKey(WORKSPACE_A, 'bulkCreateJob')]: done,
    });
    const { workspaces, services } = startBackground();
    await workspaces.wakeBulkJobs();
    await vi.waitFor(async () =>
      expect(
        (await fakeBrowser.storage.local.get(workspaceKey(WORKSPACE_B, 'bulkCreateJob')))[
          workspaceKey(WORKSPACE_B, 'bulkCreateJob')
        ],
      ).toMatchObject({ status: 'done', created: 1 }),
    );
    expect(services.userGroupApi.createUserGroup).toHaveBeenCalledTimes(1);
    expect(
      (await fakeBrowser.storage.local.get(workspaceKey(WORKSPACE_A, 'bulkCreateJob')))[
        workspaceKey(WORKSPACE_A, 'bulkCreateJob')
      ],
    ).toEqual(done);
  });

  it('the alarm of a workspace that no longer exists is cleared', async () => {
    const { workspaces } = startBackground();
    await fakeBrowser.alarms.create(bulkCreateAlarmName('gone1234'), { periodInMinutes: 0.5 });
    await workspaces.onBulkAlarm('gone1234');
    expect(await fakeBrowser.alarms.get(bulkCreateAlarmName('gone1234'))).toBeUndefined();
  });
});
