import type { LockService } from '@/lib/lock/lock-service';
import { ok } from '@/lib/result';
import type { Routes, WorkspaceHandlers } from '@/lib/messaging/router';
import { createPolicyApplier, lockedSaveAllowed } from '@/lib/workspace-management/apply-policy';
import type { GetManaged } from '@/lib/policy/read-policy';
import { createSetupFiles } from '@/lib/setup-file/setup-file-service';
import { isLocked } from '@/lib/workspaces/managed-workspaces';
import {
  createWorkspaceIndexStore,
  managedByPolicy,
  type WorkspaceIndexStore,
} from '@/lib/workspaces/workspace-index-store';
import { createWorkspaceManagement } from '@/lib/workspace-management/workspace-management';
import { answerPopupView } from '@/lib/projects/popup-view-answer';
import { popupViewCompanion } from '@/lib/projects/popup-view';
import { setWriteCompanion } from '@/lib/storage/area-write';
import { createLockService } from '@/lib/lock/lock-service';
import {
  clearActivityLog,
  createActivityRecorder,
  workspaceRecorder,
  type ActivityRecorder,
} from '@/lib/activity/activity-recorder';
import { createActivityStore } from '@/lib/storage/activity/activity-store';
import { scheduleClipboardClear } from './clipboard-clearing';
import { clipboardHandlers, type ScheduleClear } from './clipboard-handlers';
import { createLockHandlers, resumeLockedJobs } from './lock-handlers';
import { applyLockAfter } from './lock-idle';
import { noticeHandlers } from './notice-handlers';
import { answerStorageFull } from './storage-full';
import { createWorkspaceHandlers } from './workspace-handlers';
import type { WorkspaceServices, WorkspaceServicesDeps } from './workspace-services';
import { createWorkspaces, type Workspaces } from './workspaces';

export interface Background {
  routes: Routes;
  index: WorkspaceIndexStore;
  workspaces: Workspaces;
  applyPolicy: () => Promise<void>;
  lock: LockService;
  /** The activity log (every change the extension makes or attempts), for the background's own wiring. */
  activity: ActivityRecorder;
}

/**
 * The background's composition root: the list of workspaces, each workspace's services, the lock, the
 * policy and setup files, wired into the router's two tables. A workspace message goes to its
 * workspace's handlers (an unknown id is answered NOT_FOUND); the others act on the extension.
 */
export function createBackground(
  deps: WorkspaceServicesDeps,
  getManaged?: GetManaged,
  scheduleClear: ScheduleClear = scheduleClipboardClear,
): Background {
  // Before any write: the popup's stored view is written with every change of what it summarizes.
  setWriteCompanion(popupViewCompanion);
  const index = createWorkspaceIndexStore(deps.now);
  // One log for the extension, written by this worker only; each workspace's services name theirs.
  const activityStore = createActivityStore();
  const activity = createActivityRecorder(activityStore, deps.now);
  const workspaces = createWorkspaces({
    ...deps,
    index,
    contextOf: (workspaceId) => ({
      activity: workspaceRecorder(activity, () => index.find(workspaceId)),
      addressesElsewhere: () => workspaces.addressesElsewhere(workspaceId),
      // A workspace the policy locks keeps the policy's connection: the page cannot change or forget it.
      policy: {
        locked: async () => isLocked(await index.find(workspaceId)),
        allowsSave: (update) => lockedSaveAllowed(workspaceId, update),
        refusal: managedByPolicy,
      },
    }),
  });
  const lock = createLockService({ activity, ...(deps.now && { now: deps.now }) });
  // Before any secret is read or written: a change of the lock's key cut off by a stopped worker is finished or undone.
  void lock.recover();
  const applyPolicy = createPolicyApplier({ index, connectionOf: workspaces.repositoryOf, getManaged });
  const management = createWorkspaceManagement({
    index,
    wipe: workspaces.wipe,
    addressesElsewhere: workspaces.addressesElsewhere,
    activity,
  });
  const setupFiles = createSetupFiles({
    index,
    connectionOf: workspaces.repositoryOf,
    addressesElsewhere: workspaces.addressesElsewhere,
    activity,
    discard: workspaces.wipe,
  });
  const handlers = new WeakMap<WorkspaceServices, WorkspaceHandlers>();
  const handlersOf = (services: WorkspaceServices): WorkspaceHandlers => {
    let made = handlers.get(services);
    if (!made) {
      made = createWorkspaceHandlers(services, { management, setupFiles });
      handlers.set(services, made);
    }
    return made;
  };

  const routes: Routes = {
    async workspace(workspaceId) {
      const opened = await workspaces.open(workspaceId);
      return opened.ok ? ok(handlersOf(opened.value)) : opened;
    },
    extension: {
      createWorkspace: ({ name }) => management.create(name),
      listWorkspaces: () => management.list(),
      getPopupView: ({ preferWorkspace }) => answerPopupView(index, preferWorkspace),
      importSetupFile: ({ text, passphrase, replace }) => setupFiles.importFile(text, passphrase, replace),
      clearActivityLog: () => clearActivityLog(activityStore, deps.now),
      ...noticeHandlers,
      ...clipboardHandlers(scheduleClear),
      ...createLockHandlers(lock, {
        onUnlocked: async () => (await applyPolicy(), await resumeLockedJobs(workspaces)),
        onLockAfter: applyLockAfter,
      }),
    },
    failure: answerStorageFull,
  };
  return { routes, index, workspaces, applyPolicy, lock, activity };
}
