import { z } from 'zod/mini';
import { workspaceSchema } from '../../storage/workspaces/workspace-index-schema';
import { defineMessage, defineWorkspaceMessage } from '../define-message';
import { boundedText, emptySchema, inWorkspace, workspaceOnlySchema } from './shared-schemas';

// Adding, renaming, clearing and deleting workspaces: the options page's messages.

/** The name is checked by the background too (workspace-name.ts): problems come back with `field: 'workspaceName'`. */
export const createWorkspace = defineMessage({
  name: 'createWorkspace',
  request: () => z.object({ name: boundedText }),
  response: () => workspaceSchema,
  allowTab: true,
});

export const renameWorkspace = defineWorkspaceMessage({
  name: 'renameWorkspace',
  request: () => inWorkspace({ name: boundedText }),
  response: () => workspaceSchema,
  allowTab: true,
});

/** Deleting or clearing a workspace removes its activity entries, unless the user keeps them. */
const endWorkspaceRequest = () => inWorkspace({ keepActivity: z.optional(z.boolean()) });

/** Refused for the last workspace (it can only be cleared). */
export const deleteWorkspace = defineWorkspaceMessage({
  name: 'deleteWorkspace',
  request: endWorkspaceRequest,
  response: () => emptySchema,
  allowTab: true,
});

/** Removes its secrets, connection, registry, history and bulk job; the workspace itself stays. */
export const clearWorkspace = defineWorkspaceMessage({
  name: 'clearWorkspace',
  request: endWorkspaceRequest,
  response: () => emptySchema,
  allowTab: true,
});

/** What deleting (or clearing) a workspace loses, for its dialog. */
export const describeWorkspaceLoss = defineWorkspaceMessage({
  name: 'describeWorkspaceLoss',
  request: () => workspaceOnlySchema,
  response: () =>
    z.object({
      /** Which secrets are stored (never their values). */
      secrets: z.array(z.enum(['apiToken', 'apiKey', 'authToken'])),
      groups: z.number(),
      /** Groups created or given a new token since the workspace's last export (all when never exported). */
      tokensOnlyHere: z.number(),
      projects: z.number(),
      lastExportAt: z.optional(z.string()),
    }),
  allowTab: true,
  readsOnly: true,
});
