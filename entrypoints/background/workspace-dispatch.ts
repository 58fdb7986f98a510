import type { RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import type { Handlers } from '@/lib/messaging/router';
import type { MessageSender } from '@/lib/messaging/sender-guard';
import type { Result } from '@/lib/result';

/** The messages that act in one workspace: each request names it (`workspaceId`). */
export const WORKSPACE_MESSAGES = [
  'getConnectionStatus',
  'saveConnection',
  'forgetCredentials',
  'createProject',
  'createUserGroup',
  'rotateUserGroupToken',
  'deleteUserGroup',
  'forgetUserGroup',
  'dismissUnsettledCreate',
  'importUserGroups',
  'readUserGroupRegistry',
  'startBulkCreate',
  'cancelBulkCreate',
  'resumeBulkCreate',
  'startSelectionJob',
  'describeWorkspaceLoss',
] as const satisfies readonly (keyof Handlers)[];

type WorkspaceMessage = (typeof WORKSPACE_MESSAGES)[number];

/**
 * A workspace's own handlers: made for one workspace, they need not read its id (the dispatcher
 * passes the whole request on, id included).
 */
export type WorkspaceHandlers = {
  [N in WorkspaceMessage]: (
    request: Omit<RequestOf<N>, 'workspaceId'>,
    sender: MessageSender,
  ) => Promise<Result<ResponseOf<N>>>;
};

type AnyHandler = (request: unknown, sender: MessageSender) => Promise<Result<unknown>>;

/** The router's handlers for those messages: each passes the request on to its workspace's own handlers. */
export function dispatchToWorkspace(
  open: (workspaceId: string) => Promise<Result<WorkspaceHandlers>>,
): Pick<Handlers, WorkspaceMessage> {
  const dispatch =
    (name: WorkspaceMessage): AnyHandler =>
    async (request, sender) => {
      const handlers = await open((request as { workspaceId: string }).workspaceId);
      return handlers.ok ? (handlers.value[name] as AnyHandler)(request, sender) : handlers;
    };
  return Object.fromEntries(WORKSPACE_MESSAGES.map((name) => [name, dispatch(name)])) as unknown as Pick<
    Handlers,
    WorkspaceMessage
  >;
}
