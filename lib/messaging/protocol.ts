import { z } from 'zod/mini';
import type { MessageDefinition } from './define-message';
import * as activityMessages from './messages/activity-messages';
import * as clipboardMessages from './messages/clipboard-messages';
import * as connectionAdminMessages from './messages/connection-admin-messages';
import * as connectionMessages from './messages/connection-messages';
import * as lockAdminMessages from './messages/lock-admin-messages';
import * as lockMessages from './messages/lock-messages';
import * as noticeMessages from './messages/notice-messages';
import * as notificationMessages from './messages/notification-messages';
import * as popupMessages from './messages/popup-messages';
import * as projectMessages from './messages/project-messages';
import * as registerPagesMessages from './messages/register-pages-messages';
import * as registryTransferMessages from './messages/registry-transfer-messages';
import * as rotationMessages from './messages/rotation-messages';
import * as selectionJobMessages from './messages/selection-job-messages';
import * as setupFileMessages from './messages/setup-file-messages';
import * as userGroupMessages from './messages/user-group-messages';
import * as workspaceAdminMessages from './messages/workspace-admin-messages';
import * as workspaceMessages from './messages/workspace-messages';

/**
 * The whole protocol, for the background's router: every message by name. Pages do not import this
 * file; they import the definitions they send from ./messages/.
 */
export const protocol = {
  ...connectionMessages,
  ...connectionAdminMessages,
  ...projectMessages,
  ...popupMessages,
  ...userGroupMessages,
  ...registryTransferMessages,
  ...selectionJobMessages,
  ...rotationMessages,
  ...registerPagesMessages,
  ...noticeMessages,
  ...notificationMessages,
  ...clipboardMessages,
  ...workspaceMessages,
  ...workspaceAdminMessages,
  ...setupFileMessages,
  ...lockMessages,
  ...lockAdminMessages,
  ...activityMessages,
} satisfies Record<string, MessageDefinition>;

export type Protocol = typeof protocol;
export type MessageName = keyof Protocol;
export type RequestOf<N extends MessageName> = z.infer<Protocol[N]['request']>;
export type ResponseOf<N extends MessageName> = z.infer<Protocol[N]['response']>;

/** The messages that act in one workspace, as their definitions say (`defineWorkspaceMessage`). */
export type WorkspaceMessageName = {
  [N in MessageName]: Protocol[N]['scope'] extends 'workspace' ? N : never;
}[MessageName];
/** The messages that act on the extension as a whole. */
export type ExtensionMessageName = Exclude<MessageName, WorkspaceMessageName>;

export const messageNameSchema = z.enum(Object.keys(protocol) as [MessageName, ...MessageName[]]);

/** The envelope on the wire: `{ type, data }`. */
export const envelopeSchema = z.object({ type: messageNameSchema, data: z.unknown() });
