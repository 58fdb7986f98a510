import { z } from 'zod/mini';
import { projectInputSchema } from '../../api/project-input';
import { defineWorkspaceMessage } from '../define-message';
import { workspaceIdSchema } from '../../storage/workspaces/workspace-index-schema';
import { built, extendedObject } from '../../schema-parts';

/**
 * Creates a project in the workspace. Without `registerAgain` (the reviewer's answer to the popup's
 * duplicate warning) a page its history already holds is not sent: REGISTERED_BEFORE, with that
 * project's id, whatever the popup showed when it was pressed.
 */
export const createProject = defineWorkspaceMessage({
  name: 'createProject',
  request: () =>
    extendedObject(built(projectInputSchema), {
      workspaceId: workspaceIdSchema,
      registerAgain: z.optional(z.boolean()),
    }),
  response: () => z.object({ projectId: z.string(), message: z.string() }),
  allowTab: true,
});
