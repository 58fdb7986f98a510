import { z } from 'zod/mini';
import { projectInputSchema } from '../../projects/project-input';
import { defineMessage } from '../define-message';
import { workspaceIdSchema } from '../../workspaces/workspace-index';

export const createProject = defineMessage({
  name: 'createProject',
  request: z.extend(projectInputSchema, { workspaceId: workspaceIdSchema }),
  response: z.object({ projectId: z.string(), message: z.string() }),
  allowTab: true,
});
