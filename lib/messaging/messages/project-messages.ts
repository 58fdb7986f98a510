import { z } from 'zod/mini';
import { projectInputSchema } from '../../api/project-input';
import { defineWorkspaceMessage } from '../define-message';
import { workspaceIdSchema } from '../../storage/workspaces/workspace-index-schema';
import { built } from '../../schema-parts';

export const createProject = defineWorkspaceMessage({
  name: 'createProject',
  request: () => z.extend(built(projectInputSchema), { workspaceId: workspaceIdSchema }),
  response: () => z.object({ projectId: z.string(), message: z.string() }),
  allowTab: true,
});
