import { z } from 'zod/mini';
import type { MessageDefinition } from './define-message';
import * as allMessages from './all-messages';

/**
 * The whole protocol, for the background's router: every message by name. Pages do not import this
 * file; they import the definitions they send from ./messages/.
 */
export const protocol = allMessages satisfies Record<string, MessageDefinition>;

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
