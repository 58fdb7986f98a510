import { browser } from 'wxt/browser';
import { connectionSettingsSchema } from '@/lib/storage/connection/connection-schema';
import { ok, type Result } from '@/lib/result';
import { workspaceStorageNames } from '@/lib/storage/workspace-item-names';
import { workspaceKey, workspaceScope } from '@/lib/storage/workspace-keys';
import { createWorkspaceIndexStore, unknownWorkspace } from '@/lib/workspaces/workspace-index-store';
import {
  createWorkspaceServices,
  type WorkspaceServices,
  type WorkspaceServicesDeps,
} from '@/lib/workspaces/workspace-services';
import { bulkCreateAlarmName, selectionActions } from './bulk-create-handlers';
import type { WorkspaceHandlers } from './workspace-dispatch';
import { createWorkspaceHandlers } from './workspace-scoped-handlers';

interface Opened {
  services: WorkspaceServices;
  handlers: WorkspaceHandlers;
}

/**
 * The workspaces as the background knows them: the index, and each workspace's services and handlers,
 * made when the workspace is first used in this worker and kept while it lives.
 */
export function createWorkspaces(deps: WorkspaceServicesDeps) {
  const index = createWorkspaceIndexStore(deps.now);
  const opened = new Map<string, Opened>();

  /** The addresses workspaces other than `workspaceId` have configured: host access they need stays. */
  async function addressesElsewhere(workspaceId: string): Promise<string[]> {
    const others = (await index.read()).index.workspaces.filter((workspace) => workspace.id !== workspaceId);
    const keys = others.map((workspace) => workspaceKey(workspace.id, 'connectionSettings'));
    const stored = keys.length > 0 ? await browser.storage.local.get(keys) : {};
    return Object.values(stored).flatMap((value) => {
      const settings = connectionSettingsSchema.safeParse(value);
      return settings.success ? [settings.data.userGroupBaseUrl, settings.data.projectApiUrl] : [];
    });
  }

  function servicesOf(workspaceId: string): Opened {
    let found = opened.get(workspaceId);
    if (!found) {
      // A selection job sends each group through the same rotate and delete as a single row.
      const services = createWorkspaceServices(workspaceId, { selectionActions, ...deps });
      found = { services, handlers: createWorkspaceHandlers(services, () => addressesElsewhere(workspaceId)) };
      opened.set(workspaceId, found);
    }
    return found;
  }

  /** A listed workspace's services; NOT_FOUND for an id that is not (or no longer) listed. */
  async function open(workspaceId: string): Promise<Result<Opened>> {
    return (await index.find(workspaceId)) ? ok(servicesOf(workspaceId)) : unknownWorkspace();
  }

  return {
    index,
    addressesElsewhere,
    open,

    /**
     * Removes everything a workspace keeps (secrets in both areas included; `corrupt:` copies stay) after
     * its job is stopped; its services start afresh when it is used again.
     */
    async wipe(workspaceId: string): Promise<void> {
      await opened.get(workspaceId)?.services.stop();
      opened.delete(workspaceId);
      const names = workspaceStorageNames(workspaceScope(workspaceId));
      await browser.storage.session.remove(names.session);
      await browser.storage.local.remove(names.local);
      await browser.alarms.clear(bulkCreateAlarmName(workspaceId));
    },

    /** At a worker's start: each workspace whose job was running (or cut off mid-request) carries on. */
    async wakeBulkJobs(): Promise<void> {
      const { workspaces } = (await index.read()).index;
      const keys = workspaces.map((workspace) => workspaceKey(workspace.id, 'bulkCreateJob'));
      const stored = await browser.storage.local.get(keys);
      for (const workspace of workspaces) {
        const job = stored[workspaceKey(workspace.id, 'bulkCreateJob')] as
          { status?: unknown; inFlight?: unknown } | undefined;
        if (job?.status === 'running' || job?.inFlight !== undefined)
          void servicesOf(workspace.id).services.runner().wake();
      }
    },

    /** The alarm of a workspace's job: carry on, unless the workspace is gone (then the alarm goes too). */
    async onBulkAlarm(workspaceId: string): Promise<void> {
      const workspace = await open(workspaceId);
      if (workspace.ok) await workspace.value.services.runner().wake();
      else await browser.alarms.clear(bulkCreateAlarmName(workspaceId));
    },
  };
}

export type Workspaces = ReturnType<typeof createWorkspaces>;
