import type { Handlers } from '@/lib/messaging/router';
import type { WorkspaceServicesDeps } from '@/lib/workspaces/workspace-services';
import { noticeHandlers } from './notice-handlers';
import { dispatchToWorkspace } from './workspace-dispatch';
import { createWorkspaceManagementHandlers } from './workspace-handlers';
import { createWorkspaces, type Workspaces } from './workspaces';

/**
 * Every message's handler: the ones that act in a workspace are passed on to that workspace's own
 * handlers (an unknown id is answered NOT_FOUND), the others act on the workspaces or on all of them.
 */
export function createBackgroundHandlers(deps: WorkspaceServicesDeps): { handlers: Handlers; workspaces: Workspaces } {
  const workspaces = createWorkspaces(deps);
  const handlers: Handlers = {
    ...dispatchToWorkspace(async (workspaceId) => {
      const opened = await workspaces.open(workspaceId);
      return opened.ok ? { ok: true as const, value: opened.value.handlers } : opened;
    }),
    ...createWorkspaceManagementHandlers(workspaces),
    ...noticeHandlers,
  };
  return { handlers, workspaces };
}
