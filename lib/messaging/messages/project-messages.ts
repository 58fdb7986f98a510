import { z } from 'zod/mini';
import { projectInputSchema } from '../../projects/project-input';
import { defineMessage } from '../define-message';

export const createProject = defineMessage({
  name: 'createProject',
  request: projectInputSchema,
  response: z.object({ projectId: z.string(), message: z.string() }),
  allowTab: true,
});
