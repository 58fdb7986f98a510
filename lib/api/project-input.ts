import { z } from 'zod/mini';
import { httpUrl } from '../schema-parts';

export const PROJECT_NAME_MAX_LENGTH = 300;

/** What the popup sends to create a project, after validation. */
export const projectInputSchema = z.lazy(() =>
  z.object({
    projectUrl: httpUrl(),
    projectName: z.string().check(z.trim(), z.minLength(1), z.maxLength(PROJECT_NAME_MAX_LENGTH)),
  }),
);
export type ProjectInput = z.infer<typeof projectInputSchema>;
