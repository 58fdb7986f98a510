import { releaseUnusedAccess } from '../connection/host-access';
import { countedText, text } from '../message-ref';
import { fail, ok, type Result } from '../result';
import { connectionSettingsSchema } from '../storage/connection/connection-schema';
import { connectionSettingsItemFor } from '../storage/connection/connection-settings-item';
import { workspaceScope } from '../storage/workspace-keys';
import { isLocked, isManaged } from '../workspaces/managed-workspaces';
import { managedByPolicy, unknownWorkspace, type WorkspaceIndexStore } from '../workspaces/workspace-index-store';
import { createSerialQueue } from '../async/serial-queue';
import { failureDetail, NO_ACTIVITY, outcomeOf, type ActivityRecorder } from '../activity/activity-recorder';
import type { ActivityKind } from '../storage/activity/activity-schema';

export interface WorkspaceManagementDeps {
  index: WorkspaceIndexStore;
  /** Removes everything the workspace keeps, after its job is stopped (the background's composition root). */
  wipe: (workspaceId: string) => Promise<void>;
  /** The addresses the workspaces other than this one use: host access they need stays. */
  addressesElsewhere: (workspaceId: string) => Promise<string[]>;
  /** The activity log: workspaces added, renamed, cleared and deleted (and their entries removed with them). */
  activity?: ActivityRecorder;
}

/** Deleting or clearing a workspace: its activity entries go too, unless the user keeps them. */
export interface EndWorkspaceChoice {
  keepActivity?: boolean;
}

/** The addresses a workspace has configured (read before its data is removed). */
async function addressesOf(workspaceId: string): Promise<string[]> {
  const stored: unknown = await connectionSettingsItemFor(workspaceScope(workspaceId)).getValue();
  const settings = connectionSettingsSchema.safeParse(stored);
  return settings.success ? [settings.data.userGroupBaseUrl, settings.data.projectApiUrl] : [];
}

/** Adding, renaming, choosing, clearing and deleting workspaces; clears and deletes one at a time. */
export function createWorkspaceManagement({
  index,
  wipe,
  addressesElsewhere,
  activity = NO_ACTIVITY,
}: WorkspaceManagementDeps) {
  const serially = createSerialQueue();

  /** The entry of a change of one workspace, named as it was before the change (or as it is now). */
  async function recorded<T>(
    kind: ActivityKind,
    workspace: { id: string; name: string } | undefined,
    result: Result<T>,
  ): Promise<Result<T>> {
    await activity.record({
      kind,
      outcome: outcomeOf(result),
      ...(workspace && { workspace: { id: workspace.id, name: workspace.name } }),
      ...failureDetail(result),
    });
    return result;
  }

  /**
   * The entry of a workspace deleted or cleared: done, its activity entries are removed in the same
   * write (the entry says how many), unless the user keeps them (the entry says so).
   */
  async function recordedEnd<T>(
    kind: 'workspaceDeleted' | 'workspaceCleared',
    workspace: { id: string; name: string },
    result: Result<T>,
    { keepActivity = false }: EndWorkspaceChoice,
  ): Promise<Result<T>> {
    const { removeWorkspace } = activity;
    if (!result.ok || !removeWorkspace) return recorded(kind, workspace, result);
    const event = { kind, outcome: 'done' as const, workspace: { id: workspace.id, name: workspace.name } };
    await (keepActivity
      ? activity.record({ ...event, detail: text('activityWorkspaceEntriesKept') })
      : removeWorkspace(workspace.id, (removed) => ({
          ...event,
          detail: countedText('activityWorkspaceEntriesRemoved', removed),
        })));
    return result;
  }

  /** Its data goes first, then (for a delete) its entry: a stop in between leaves an empty workspace, never orphaned secrets. */
  async function wipeAndRelease(workspaceId: string): Promise<void> {
    const addresses = await addressesOf(workspaceId);
    await wipe(workspaceId);
    // Host access this workspace needed and no other workspace uses is given back.
    await releaseUnusedAccess(addresses, await addressesElsewhere(workspaceId));
  }

  return {
    async create(name: string) {
      const created = await index.create(name);
      return recorded('workspaceAdded', created.ok ? created.value : { id: '', name }, created);
    },
    async rename(workspaceId: string, name: string) {
      const before = await index.find(workspaceId);
      const renamed = await index.rename(workspaceId, name);
      // The same name again (the field saves when it loses focus) changes nothing: no entry.
      if (!before || (renamed.ok && renamed.value.name === before.name)) return renamed;
      await activity.record({
        kind: 'workspaceRenamed',
        outcome: outcomeOf(renamed),
        workspace: { id: workspaceId, name: renamed.ok ? renamed.value.name : before.name },
        ...(renamed.ok ? { detail: text('activityRenamedFrom', before.name) } : failureDetail(renamed)),
      });
      return renamed;
    },
    use: (workspaceId: string) => index.use(workspaceId),

    async list() {
      const { index: current, lastUsed } = await index.read();
      return ok({ workspaces: current.workspaces, lastUsed });
    },

    /**
     * Its secrets, connection, registry, history and job go (and its activity entries, unless kept);
     * the workspace stays (a policy-locked one keeps everything).
     */
    clear: (workspaceId: string, choice: EndWorkspaceChoice = {}) =>
      serially(async (): Promise<Result<Record<string, never>>> => {
        const found = await index.find(workspaceId);
        if (!found) return unknownWorkspace();
        if (isLocked(found)) return recorded('workspaceCleared', found, managedByPolicy());
        await wipeAndRelease(workspaceId);
        return recordedEnd('workspaceCleared', found, ok({}), choice);
      }),

    remove: (workspaceId: string, choice: EndWorkspaceChoice = {}) =>
      serially(async (): Promise<Result<Record<string, never>>> => {
        const { index: current } = await index.read();
        const found = current.workspaces.find((workspace) => workspace.id === workspaceId);
        if (!found) return unknownWorkspace();
        // Before anything is wiped: the organisation's workspace stays, data and all.
        if (isManaged(found)) return recorded('workspaceDeleted', found, managedByPolicy());
        if (current.workspaces.length === 1)
          return recorded('workspaceDeleted', found, fail('INVALID_INPUT', text('errorLastWorkspace')));
        await wipeAndRelease(workspaceId);
        return recordedEnd('workspaceDeleted', found, await index.remove(workspaceId), choice);
      }),
  };
}

export type WorkspaceManagement = ReturnType<typeof createWorkspaceManagement>;
