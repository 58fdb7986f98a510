import { z } from 'zod/mini';
import { projectInputSchema } from '../../api/project-input';
import { defineMessage } from '../define-message';
import { workspaceIdSchema } from '../../storage/workspaces/workspace-index-schema';

export const createProject = defineMessage({
  name: 'createProject',
  request: z.extend(projectInputSchema, { workspaceId: workspaceIdSchema }),
  response: z.object({ projectId: z.string(), message: z.string() }),
  allowTab: true,
});
