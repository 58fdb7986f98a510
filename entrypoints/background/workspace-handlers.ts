import { connectionSettingsSchema } from '@/lib/storage/connection/connection-schema';
import { releaseUnusedAccess } from '@/lib/connection/host-access';
import type { Handlers } from '@/lib/messaging/router';
import { fail, ok, type Result } from '@/lib/result';
import { connectionSettingsItemFor } from '@/lib/storage/connection/connection-settings-item';
import { isManaged } from '@/lib/workspaces/managed-workspaces';
import { managedByPolicy, unknownWorkspace } from '@/lib/workspaces/workspace-index-store';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import type { Workspaces } from './workspaces';
import { text } from '@/lib/message-ref';

type WorkspaceManagement = Pick<
  Handlers,
  'createWorkspace' | 'renameWorkspace' | 'deleteWorkspace' | 'clearWorkspace' | 'useWorkspace' | 'listWorkspaces'
>;

/** The addresses a workspace has configured (read before its data is removed). */
async function addressesOf(workspaceId: string): Promise<string[]> {
  const settings = connectionSettingsSchema.safeParse(
    await connectionSettingsItemFor(workspaceScope(workspaceId)).getValue(),
  );
  return settings.success ? [settings.data.userGroupBaseUrl, settings.data.projectApiUrl] : [];
}

/** Adding, renaming, choosing, clearing and deleting workspaces; clears and deletes one at a time. */
export function createWorkspaceManagementHandlers(workspaces: Workspaces): WorkspaceManagement {
  const { index } = workspaces;
  let tail: Promise<unknown> = Promise.resolve();
  function serially<T>(task: () => Promise<Result<T>>): Promise<Result<T>> {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  }

  /** Its data goes first, then (for a delete) its entry: a stop in between leaves an empty workspace, never orphaned secrets. */
  async function wipe(workspaceId: string): Promise<void> {
    const addresses = await addressesOf(workspaceId);
    await workspaces.wipe(workspaceId);
    // Host access this workspace needed and no other workspace uses is given back.
    await releaseUnusedAccess(addresses, await workspaces.addressesElsewhere(workspaceId));
  }

  return {
    createWorkspace: ({ name }) => index.create(name),
    renameWorkspace: ({ id, name }) => index.rename(id, name),
    useWorkspace: ({ id }) => index.use(id),

    async listWorkspaces() {
      const { index: current, lastUsed } = await index.read();
      return ok({ workspaces: current.workspaces, lastUsed });
    },

    clearWorkspace: ({ id }) =>
      serially(async () => {
        if (!(await index.find(id))) return unknownWorkspace();
        await wipe(id);
        return ok({});
      }),

    deleteWorkspace: ({ id }) =>
      serially(async () => {
        const { index: current } = await index.read();
        const found = current.workspaces.find((workspace) => workspace.id === id);
        if (!found) return unknownWorkspace();
        // Before anything is wiped: the organisation's workspace stays, data and all.
        if (isManaged(found)) return managedByPolicy();
        if (current.workspaces.length === 1) return fail('INVALID_INPUT', text('errorLastWorkspace'));
        await wipe(id);
        return index.remove(id);
      }),
  };
}
