import type { WorkspaceHandlers } from '@/lib/messaging/router';
import { ok } from '@/lib/result';
import type { SetupFiles } from '@/lib/setup-file/setup-file-service';
import type { WorkspaceManagement } from '@/lib/workspace-management/workspace-management';
import { describeWorkspaceLoss } from '@/lib/workspace-management/workspace-loss';
import type { WorkspaceServices } from './workspace-services';

/** What one workspace's handlers use beyond its own services: the list of workspaces and setup files. */
export interface WorkspaceHandlerDeps {
  management: WorkspaceManagement;
  setupFiles: SetupFiles;
}

/**
 * The handlers of one workspace, one per workspace message (the type requires every one): each works
 * with this workspace's connection, registry, history and job only. Wiring only: every service is made
 * on its first call, so the popup's messages never load a registry.
 */
export function createWorkspaceHandlers(services: WorkspaceServices, deps: WorkspaceHandlerDeps): WorkspaceHandlers {
  const { workspaceId } = services;
  return {
    getConnectionStatus: () => services.status().get(),
    saveConnection: (request) => services.connection().save(request).finally(services.status().forget),
    forgetCredentials: () => services.connection().forget().finally(services.status().forget),
    createProject: (request) => services.projects().createProject(request),
    createUserGroup: (request) => services.groups().create(request),
    rotateUserGroupToken: (ref) => services.groups().rotate(ref),
    deleteUserGroup: (request) => services.groups().remove(request),
    forgetUserGroup: (ref) => services.groups().forget(ref),
    dismissUnsettledCreate: (ref) => services.groups().dismissUnsettledCreate(ref),
    importUserGroups: ({ items }) => services.transfer().importGroups(items),
    readUserGroupRegistry: (request) => services.transfer().read(request),
    revealGroupToken: (ref) => services.transfer().reveal(ref),
    refreshUserGroupIndex: () =>
      services
        .registry()
        .refreshIndex()
        .then(() => ok({})),
    startBulkCreate: ({ rows, ratePerMinute }) => services.jobs().startBulkCreate(rows, ratePerMinute),
    startSelectionJob: ({ operation, groups, ratePerMinute }) =>
      services.jobs().startSelection(operation, groups, ratePerMinute),
    getTokenRotation: async () => ok(await services.rotation().effective()),
    setTokenRotation: (request) => services.rotation().set(request),
    startRotateDueJob: () => services.rotation().startRotateDue(),
    readRotationResults: () => services.rotation().results(),
    getRotationResultsSummary: async () => ok(await services.rotationResults().summary()),
    clearRotationResults: async () => (await services.rotationResults().clear(), ok({})),
    cancelBulkCreate: () => services.jobs().cancel(),
    resumeBulkCreate: () => services.jobs().resume(),
    startRegisterPages: ({ pages, skipped, ratePerMinute }) =>
      services.registerRunner().start(pages, skipped, ratePerMinute),
    cancelRegisterPages: () => services.registerRunner().cancel(),
    resumeRegisterPages: () => services.registerRunner().resume(),
    // Counts the project just created too: its history entry is written after its answer.
    describeWorkspaceLoss: () =>
      services.recordsWritten().then(() =>
        describeWorkspaceLoss({
          scope: services.scope,
          connection: services.repository(),
          registry: services.registry(),
        }),
      ),
    renameWorkspace: ({ name }) => deps.management.rename(workspaceId, name),
    useWorkspace: () => deps.management.use(workspaceId),
    clearWorkspace: (choice) => deps.management.clear(workspaceId, choice),
    deleteWorkspace: (choice) => deps.management.remove(workspaceId, choice),
    exportSetupFile: ({ passphrase, includeUserGroupApi }) =>
      deps.setupFiles.exportFile(workspaceId, passphrase, includeUserGroupApi),
  };
}
