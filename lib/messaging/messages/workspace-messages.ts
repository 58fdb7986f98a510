import { z } from 'zod/mini';
import { workspaceIdSchema, workspaceSchema } from '../../storage/workspaces/workspace-index-schema';
import { defineMessage, defineWorkspaceMessage } from '../define-message';
import { emptySchema, workspaceOnlySchema } from './shared-schemas';

// The workspace messages the popup sends (the options page's are in workspace-admin-messages.ts, so
// that the popup's bundle carries only these two).

/** The popup (and so the context menu and the shortcut) acts in the last used workspace. */
export const useWorkspace = defineWorkspaceMessage({
  name: 'useWorkspace',
  request: () => workspaceOnlySchema,
  response: () => emptySchema,
  allowTab: true,
});

/** For a page that found no index in storage (the upgrade still running): the background answers once it is done. */
export const listWorkspaces = defineMessage({
  name: 'listWorkspaces',
  request: () => emptySchema,
  response: () => z.object({ workspaces: z.array(workspaceSchema), lastUsed: workspaceIdSchema }),
  allowTab: true,
  readsOnly: true,
});
