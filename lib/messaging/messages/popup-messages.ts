import { z } from 'zod/mini';
import { popupStartSchema } from '../../storage/popup-view/popup-view-schema';
import { workspaceIdSchema } from '../../storage/workspaces/workspace-index-schema';
import { defineMessage } from '../define-message';
import { POPUP_VIEW_MESSAGE } from '../early-request';

/**
 * The popup's first screen (the stored view's shape: lib/storage/popup-view/popup-view-schema.ts, never a
 * secret) and whether the lock is open. The popup reads it from storage; it asks when the stored view
 * cannot tell (none yet, an older format, secrets kept in `session:`), and with a workspace id when the
 * picker or an unlock changes what is shown.
 */
export const getPopupView = defineMessage({
  name: POPUP_VIEW_MESSAGE,
  // Not `workspaceId`: that field marks a workspace message (one workspace opened for it); this one only
  // prefers a workspace among those offered, and falls back to the last used.
  request: () => z.object({ preferWorkspace: z.optional(workspaceIdSchema) }),
  response: () => popupStartSchema,
  allowTab: true,
  readsOnly: true,
});
