import { z } from 'zod/mini';
import { secretsAreaSchema } from '../../storage/connection/connection-schema';
import { connectionStatusSchema } from '../../connection/connection-status';
import { defineWorkspaceMessage } from '../define-message';
import { boundedText, inWorkspace, workspaceOnlySchema } from './shared-schemas';

/**
 * Empty secrets keep the stored ones; without `projectLink` the stored template stays (the start page
 * does not show it). The answer is the masked status, never a secret.
 */
export const saveConnection = defineWorkspaceMessage({
  name: 'saveConnection',
  request: () =>
    inWorkspace({
      userGroupBaseUrl: boundedText,
      projectApiUrl: boundedText,
      apiToken: boundedText,
      apiKey: boundedText,
      authToken: boundedText,
      secretsArea: secretsAreaSchema,
      projectLink: z.optional(boundedText),
    }),
  response: () => connectionStatusSchema,
  allowTab: true,
});

export const forgetCredentials = defineWorkspaceMessage({
  name: 'forgetCredentials',
  request: () => workspaceOnlySchema,
  response: () => connectionStatusSchema,
  allowTab: true,
});
