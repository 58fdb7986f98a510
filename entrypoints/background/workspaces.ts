import { browser } from 'wxt/browser';
import { ok, type Result } from '@/lib/result';
import { addressesOf, readConnectionSettingsOf } from '@/lib/storage/connection/connection-settings-item';
import type { JobItem } from '@/lib/storage/jobs/job-keys';
import type { JobProgress } from '@/lib/storage/jobs/job-progress-schema';
import { readStoredJobs } from '@/lib/storage/jobs/stored-jobs';
import { removeWorkspaceData } from '@/lib/storage/credentials/remove-workspace-data';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { unknownWorkspace, type WorkspaceIndexStore } from '@/lib/workspaces/workspace-index-store';
import { bulkCreateAlarmName, registerPagesAlarmName } from './bulk-alarm';
import {
  createWorkspaceServices,
  type WorkspaceContext,
  type WorkspaceServices,
  type WorkspaceServicesDeps,
} from './workspace-services';

export interface WorkspacesDeps extends WorkspaceServicesDeps {
  index: WorkspaceIndexStore;
  /** What a workspace's services are told about the others and the policy. */
  contextOf: (workspaceId: string) => WorkspaceContext;
}

/**
 * The workspaces as the background knows them: each workspace's services, made when the workspace is
 * first used in this worker and kept while it lives.
 */
export function createWorkspaces(deps: WorkspacesDeps) {
  const { index } = deps;
  const opened = new Map<string, WorkspaceServices>();

  /** The addresses workspaces other than `workspaceId` have configured: host access they need stays. */
  async function addressesElsewhere(workspaceId: string): Promise<string[]> {
    const others = (await index.read()).index.workspaces.filter((workspace) => workspace.id !== workspaceId);
    return addressesOf(await readConnectionSettingsOf(others.map((workspace) => workspace.id)));
  }

  /** The stored jobs of every listed workspace that `wanted` picks (one storage call). */
  async function storedJobs(wanted: (job: JobProgress) => boolean) {
    const { workspaces } = (await index.read()).index;
    return readStoredJobs(
      workspaces.map((workspace) => workspace.id),
      wanted,
    );
  }

  /** The runner of one of a workspace's jobs, by its stored item. */
  const jobRunnerOf = (workspaceId: string, name: JobItem) =>
    name === 'bulkCreateJob' ? servicesOf(workspaceId).runner() : servicesOf(workspaceId).registerRunner();

  function servicesOf(workspaceId: string): WorkspaceServices {
    let found = opened.get(workspaceId);
    if (!found) {
      found = createWorkspaceServices(workspaceId, deps, deps.contextOf(workspaceId));
      opened.set(workspaceId, found);
    }
    return found;
  }

  /** A listed workspace's services; NOT_FOUND for an id that is not (or no longer) listed. */
  async function open(workspaceId: string): Promise<Result<WorkspaceServices>> {
    return (await index.find(workspaceId)) ? ok(servicesOf(workspaceId)) : unknownWorkspace();
  }

  /** A listed workspace's connection (for the policy and setup files); undefined when it is not listed. */
  async function repositoryOf(workspaceId: string) {
    const services = await open(workspaceId);
    return services.ok ? services.value.repository() : undefined;
  }

  /**
   * Removes everything a workspace keeps (secrets in both areas and `corrupt:` copies included) after
   * its job is stopped; its services start afresh when it is used again.
   */
  async function wipe(workspaceId: string): Promise<void> {
    await opened.get(workspaceId)?.stop();
    opened.delete(workspaceId);
    await removeWorkspaceData(workspaceScope(workspaceId));
    await browser.alarms.clear(bulkCreateAlarmName(workspaceId));
    await browser.alarms.clear(registerPagesAlarmName(workspaceId));
  }

  return {
    addressesElsewhere,
    storedJobs,
    open,
    jobRunnerOf,
    repositoryOf,
    wipe,

    /** At a worker's start: each workspace whose job was running (or cut off mid-request) carries on. */
    async wakeBulkJobs(): Promise<void> {
      const woken = await storedJobs((job) => job.status === 'running' || job.inFlight !== undefined);
      for (const { workspaceId, item } of woken) void jobRunnerOf(workspaceId, item).wake();
    },

    /** The alarm of a workspace's register-pages job, as onBulkAlarm for its user-group job. */
    async onRegisterAlarm(workspaceId: string): Promise<void> {
      const workspace = await open(workspaceId);
      if (workspace.ok) await workspace.value.registerRunner().wake();
      else await browser.alarms.clear(registerPagesAlarmName(workspaceId));
    },

    /** The alarm of a workspace's job: carry on, unless the workspace is gone (then the alarm goes too). */
    async onBulkAlarm(workspaceId: string): Promise<void> {
      const workspace = await open(workspaceId);
      if (workspace.ok) await workspace.value.runner().wake();
      else await browser.alarms.clear(bulkCreateAlarmName(workspaceId));
    },
  };
}

export type Workspaces = ReturnType<typeof createWorkspaces>;
