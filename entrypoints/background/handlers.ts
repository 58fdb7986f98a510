import type { Handlers } from '@/lib/messaging/router';
import type { GetManaged } from '@/lib/policy/read-policy';
import { isLocked } from '@/lib/workspaces/managed-workspaces';
import { managedByPolicy } from '@/lib/workspaces/workspace-index-store';
import type { WorkspaceServicesDeps } from '@/lib/workspaces/workspace-services';
import { noticeHandlers } from './notice-handlers';
import { createPolicyApplier, lockedSaveAllowed } from './policy';
import { createSetupFileHandlers } from './setup-file-handlers';
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
): { handlers: Handlers; workspaces: Workspaces; applyPolicy: () => Promise<void> } {
  const workspaces = createWorkspaces(deps);
  const dispatched = dispatchToWorkspace(async (workspaceId) => {
    const opened = await workspaces.open(workspaceId);
    return opened.ok ? { ok: true as const, value: opened.value.handlers } : opened;
  });
  /** A workspace the policy locks keeps the policy's connection: the page cannot change or forget it. */
  const unlessLocked = <N extends 'saveConnection' | 'forgetCredentials' | 'clearWorkspace'>(handler: Handlers[N]): Handlers[N] =>
    (async (request: { workspaceId?: string; id?: string }, sender: never) =>
      isLocked(await workspaces.index.find(request.workspaceId ?? request.id ?? ''))
        ? managedByPolicy()
        : (handler as (r: unknown, s: never) => unknown)(request, sender)) as unknown as Handlers[N];
  const management = createWorkspaceManagementHandlers(workspaces);
  const handlers: Handlers = {
    ...dispatched,
    // Locked, a save may still add the secrets the policy leaves to each user (lockedSaveAllowed).
    saveConnection: async (request, sender) =>
      (await lockedSaveAllowed(request.workspaceId, request)) ? dispatched.saveConnection(request, sender) : unlessLocked<'saveConnection'>(dispatched.saveConnection)(request, sender),
    forgetCredentials: unlessLocked<'forgetCredentials'>(dispatched.forgetCredentials),
    ...management,
    clearWorkspace: unlessLocked<'clearWorkspace'>(management.clearWorkspace),
    ...noticeHandlers,
    ...createSetupFileHandlers(workspaces),
  };
  return { handlers, workspaces, applyPolicy: createPolicyApplier(workspaces, getManaged) };
}
