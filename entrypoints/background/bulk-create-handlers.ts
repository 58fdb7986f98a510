import { browser } from 'wxt/browser';
import type { MessageRef } from '@/lib/message-ref';
import { fail, ok } from '@/lib/result';
import { DEFAULT_RATE_PER_MINUTE } from '@/lib/user-groups/bulk-pacing';
import { selectionRows } from '@/lib/user-groups/bulk-selection';
import { localBytesInUse } from '@/lib/storage/storage-usage';
import { planBulkCreate } from '@/lib/user-groups/bulk-job';
import type { BulkRow } from '@/lib/storage/bulk-job/bulk-row-schema';
import type { BulkAlarm, BulkRunner } from '@/lib/user-groups/bulk-runner';
import { bulkGrowth, capacityProblem } from '@/lib/user-groups/registry-capacity';
import type { RegistryWriter } from '@/lib/storage/registry/registry-writer';
import { workspaceValueNames } from '@/lib/storage/workspace-item-names';
import type { KeyScope } from '@/lib/storage/workspace-keys';
import type { SelectionActions } from '@/lib/user-groups/bulk-send';
import type { WorkspaceServicesDeps } from '@/lib/workspaces/workspace-services';
import { createUserGroupHandlers } from './user-group-handlers';
import type { WorkspaceHandlers } from './workspace-dispatch';

/** Each workspace's job has its own alarm, so that one workspace's job runs while another is shown. */
export const BULK_CREATE_ALARM_PREFIX = 'bulk-create:';
export const bulkCreateAlarmName = (workspaceId: string) => `${BULK_CREATE_ALARM_PREFIX}${workspaceId}`;

/** The alarm of versions before workspaces: cleared when it fires (the start-up wake carries its job on). */
export const LEGACY_BULK_CREATE_ALARM = 'bulk-create';

/**
 * Every 30 seconds (Chrome's shortest period) while a job runs: a worker the browser stopped is
 * started again by the alarm, and the workspace's runner carries on from storage.
 */
export function bulkAlarmFor(workspaceId: string): BulkAlarm {
  const name = bulkCreateAlarmName(workspaceId);
  return {
    async ensure() {
      if (!(await browser.alarms.get(name))) await browser.alarms.create(name, { periodInMinutes: 0.5 });
    },
    async clear() {
      await browser.alarms.clear(name);
    },
  };
}

/** A selection job's rotate and delete: the single-row handlers themselves (their sender is not read). */
export const selectionActions: NonNullable<WorkspaceServicesDeps['selectionActions']> = ({
  api,
  connection,
  registry,
}): SelectionActions => {
  const handlers = createUserGroupHandlers(api, connection, registry);
  const background = {} as const;
  return {
    rotateUserGroupToken: (ref) => handlers.rotateUserGroupToken(ref, background),
    deleteUserGroup: (ref) => handlers.deleteUserGroup(ref, background),
  };
};

/** Why these rows would take the workspace's storage past its budget (lib/user-groups/registry-capacity.ts), or undefined. */
async function outgrowsStorage(
  registry: RegistryWriter,
  scope: KeyScope,
  rows: readonly BulkRow[],
): Promise<MessageRef | undefined> {
  const current = await registry.settled();
  const growth = bulkGrowth(planBulkCreate(rows, current).toCreate, new Date().toISOString());
  return capacityProblem(
    { usedBytes: await localBytesInUse(workspaceValueNames(scope)), storedGroups: current.groups.length },
    growth,
  );
}

/** With the registry, a job that would outgrow the storage budget is refused before it starts. */
export function createBulkCreateHandlers(
  runner: BulkRunner,
  registry?: RegistryWriter,
  scope?: KeyScope,
): Pick<WorkspaceHandlers, 'startBulkCreate' | 'cancelBulkCreate' | 'resumeBulkCreate' | 'startSelectionJob'> {
  return {
    async startBulkCreate(request) {
      const problem =
        registry && scope !== undefined ? await outgrowsStorage(registry, scope, request.rows) : undefined;
      return problem ? fail('INVALID_INPUT', problem) : runner.start(request.rows, request.ratePerMinute);
    },
    async startSelectionJob(request) {
      const started = await runner.startSelection(
        request.operation,
        selectionRows(request.groups),
        request.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE,
      );
      return started.ok ? ok({ total: started.value.total }) : started;
    },
    cancelBulkCreate: () => runner.cancel(),
    resumeBulkCreate: () => runner.resume(),
  };
}
