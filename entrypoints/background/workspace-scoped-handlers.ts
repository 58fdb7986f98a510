import { SECRET_FIELDS } from '@/lib/storage/connection/connection-schema';
import type { MessageSender } from '@/lib/messaging/sender-guard';
import { readHistory } from '@/lib/storage/history/history-writer';
import { ok } from '@/lib/result';
import { lastRegistryExport, tokensNotExported } from '@/lib/storage/registry/registry-exports';
import type { WorkspaceServices } from '@/lib/workspaces/workspace-services';
import { createBulkCreateHandlers } from './bulk-create-handlers';
import { createConnectionHandlers } from './connection-handlers';
import { createImportHandlers } from './import-handlers';
import { createProjectHandlers } from './project-handlers';
import { createUserGroupHandlers } from './user-group-handlers';
import type { WorkspaceHandlers } from './workspace-dispatch';

/** What deleting or clearing the workspace would lose: which secrets, how many tokens no export holds. */
function describeLoss(services: WorkspaceServices): Pick<WorkspaceHandlers, 'describeWorkspaceLoss'> {
  return {
    async describeWorkspaceLoss() {
      const [connection, registry, history, lastExportAt] = await Promise.all([
        services.connection().load(),
        services.registry().settled(),
        readHistory(services.scope),
        lastRegistryExport(services.scope),
      ]);
      return ok({
        secrets: SECRET_FIELDS.filter((field) => connection[field] !== ''),
        groups: registry.groups.length,
        tokensOnlyHere: tokensNotExported(registry.groups, lastExportAt),
        projects: history.length,
        ...(lastExportAt !== undefined && { lastExportAt }),
      });
    },
  };
}

type AnyHandler = (request: unknown, sender: MessageSender) => Promise<unknown>;

/**
 * Handlers made on their first message: the services they use (a registry of 10,000 groups, say) are
 * then loaded only by the messages that need them, never by the popup's.
 */
function onFirstUse<K extends keyof WorkspaceHandlers>(
  names: readonly K[],
  make: () => Pick<WorkspaceHandlers, K>,
): Pick<WorkspaceHandlers, K> {
  let made: Pick<WorkspaceHandlers, K> | undefined;
  const call =
    (name: K): AnyHandler =>
    (request, sender) =>
      ((made ??= make())[name] as AnyHandler)(request, sender);
  return Object.fromEntries(names.map((name) => [name, call(name)])) as unknown as Pick<WorkspaceHandlers, K>;
}

/** The handlers of one workspace: every one works with this workspace's connection, registry, history and job only. */
export function createWorkspaceHandlers(
  services: WorkspaceServices,
  addressesElsewhere: () => Promise<string[]>,
): WorkspaceHandlers {
  const { scope } = services;
  return {
    ...createConnectionHandlers(services.connection(), addressesElsewhere),
    ...onFirstUse(['createProject'], () =>
      createProjectHandlers(services.apis().project, services.connection(), services.history()),
    ),
    ...onFirstUse(
      ['createUserGroup', 'rotateUserGroupToken', 'deleteUserGroup', 'forgetUserGroup', 'dismissUnsettledCreate'],
      () => createUserGroupHandlers(services.apis().userGroup, services.connection(), services.registry()),
    ),
    ...onFirstUse(['importUserGroups', 'readUserGroupRegistry'], () =>
      createImportHandlers(services.registry(), scope),
    ),
    ...onFirstUse(['startBulkCreate', 'cancelBulkCreate', 'resumeBulkCreate', 'startSelectionJob'], () =>
      createBulkCreateHandlers(services.runner(), services.registry(), scope),
    ),
    ...describeLoss(services),
  };
}
