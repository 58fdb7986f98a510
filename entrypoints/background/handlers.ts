import type { LockService } from '@/lib/lock/lock-service';
import type { Handlers } from '@/lib/messaging/router';
import type { GetManaged } from '@/lib/policy/read-policy';
import { isLocked } from '@/lib/workspaces/managed-workspaces';
import { managedByPolicy } from '@/lib/workspaces/workspace-index-store';
import type { WorkspaceServicesDeps } from '@/lib/workspaces/workspace-services';
import { createLockHandlers, createWorkspacesLock, resumeLockedJobs } from './lock-handlers';
import { applyLockAfter } from './lock-idle';
import { noticeHandlers } from './notice-handlers';
import { createPolicyApplier, lockedSaveAllowed } from './policy';
import { createSetupFileHandlers } from './setup-file-handlers';
import { answeringStorageFull } from './storage-full';
import { dispatchToWorkspace } from './workspace-dispatch';
import { createWorkspaceManagementHandlers } from './workspace-handlers';
import { createWorkspaces, type Workspaces } from './workspaces';

/**
 * Every message's handler: the ones that act in a workspace are passed on to that workspace's own
 * handlers (an unknown id is answered NOT_FOUND), the others act on the workspaces or on all of them.
 */
export function createBackgroundHandlers(
  deps: WorkspaceServicesDeps,
  getManaged?: GetManaged,
): { handlers: Handlers; workspaces: Workspaces; applyPolicy: () => Promise<void>; lock: LockService } {
  const workspaces = createWorkspaces(deps);
  const lock = createWorkspacesLock(workspaces);
  const applyPolicy = createPolicyApplier(workspaces, getManaged);
  const dispatched = dispatchToWorkspace(async (workspaceId) => {
    const opened = await workspaces.open(workspaceId);
    return opened.ok ? { ok: true as const, value: opened.value.handlers } : opened;
  });
  /** A workspace the policy locks keeps the policy's connection: the page cannot change or forget it. */
  const unlessLocked = <N extends 'saveConnection' | 'forgetCredentials' | 'clearWorkspace'>(
    handler: Handlers[N],
  ): Handlers[N] =>
    (async (request: { workspaceId?: string; id?: string }, sender: never) =>
      isLocked(await workspaces.index.find(request.workspaceId ?? request.id ?? ''))
        ? managedByPolicy()
        : (handler as (r: unknown, s: never) => unknown)(request, sender)) as unknown as Handlers[N];
  /** After removing secrets: with no sealed credential left anywhere, a closed passphrase lock turns off. */
  const releasing = <N extends 'forgetCredentials' | 'clearWorkspace' | 'deleteWorkspace'>(
    handler: Handlers[N],
  ): Handlers[N] =>
    (async (request: never, sender: never) => {
      const result = await (handler as (r: never, s: never) => Promise<unknown>)(request, sender);
      await lock.releaseIfNothingSealed();
      return result;
    }) as unknown as Handlers[N];
  const management = createWorkspaceManagementHandlers(workspaces);
  const handlers: Handlers = {
    ...dispatched,
    // Locked, a save may still add the secrets the policy leaves to each user (lockedSaveAllowed).
    saveConnection: async (request, sender) =>
      (await lockedSaveAllowed(request.workspaceId, request))
        ? dispatched.saveConnection(request, sender)
        : unlessLocked<'saveConnection'>(dispatched.saveConnection)(request, sender),
    // Works while the passphrase lock is closed; when nothing sealed is left, the lock turns off (lock-service.ts).
    forgetCredentials: releasing<'forgetCredentials'>(unlessLocked<'forgetCredentials'>(dispatched.forgetCredentials)),
    ...management,
    clearWorkspace: releasing<'clearWorkspace'>(unlessLocked<'clearWorkspace'>(management.clearWorkspace)),
    deleteWorkspace: releasing<'deleteWorkspace'>(management.deleteWorkspace),
    ...noticeHandlers,
    ...createSetupFileHandlers(workspaces),
    ...createLockHandlers(lock, {
      onUnlocked: async () => (await applyPolicy(), await resumeLockedJobs(workspaces)),
      onLockAfter: applyLockAfter,
    }),
  };
  return { handlers: answeringStorageFull(handlers), workspaces, applyPolicy, lock };
}
