import { z } from 'zod/mini';
import { connectionStatusSchema } from '../../connection/connection-status';
import { projectHistorySchema } from '../../storage/history/history-schema';
import { workspaceIdSchema, workspaceSchema } from '../../storage/workspaces/workspace-index-schema';
import { resultSchema } from '../../result';
import { defineMessage } from '../define-message';
import { POPUP_VIEW_MESSAGE } from '../early-request';

/**
 * The popup's opening, in one message: the workspaces it offers, the one it shows (the one asked for,
 * else the last used), that workspace's connection status (never a secret) and its history (for the
 * duplicate warning and the recent projects). Sent before React loads (entrypoints/popup/main.ts), and
 * again with a workspace id when the picker or an unlock changes what is shown.
 */
export const getPopupView = defineMessage({
  name: POPUP_VIEW_MESSAGE,
  // Not `workspaceId`: that field marks a workspace message (one workspace opened for it); this one only
  // prefers a workspace among those offered, and falls back to the last used.
  request: () => z.object({ preferWorkspace: z.optional(workspaceIdSchema) }),
  response: () =>
    z.object({
      workspaces: z.array(workspaceSchema),
      workspaceId: workspaceIdSchema,
      status: resultSchema(connectionStatusSchema),
      history: z.object({ entries: projectHistorySchema, unreadable: z.boolean() }),
    }),
  allowTab: true,
});
