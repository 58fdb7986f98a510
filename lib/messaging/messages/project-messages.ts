import { z } from 'zod/mini';
import { projectInputSchema } from '../../api/project-input';
import { defineWorkspaceMessage } from '../define-message';
import { workspaceIdSchema } from '../../storage/workspaces/workspace-index-schema';

export const createProject = defineWorkspaceMessage({
  name: 'createProject',
  request: () => z.extend(projectInputSchema, { workspaceId: workspaceIdSchema }),
  response: () => z.object({ projectId: z.string(), message: z.string() }),
  allowTab: true,
});
