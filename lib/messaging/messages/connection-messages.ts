import { z } from 'zod/mini';
import { secretsAreaSchema } from '../../connection/connection-schema';
import { connectionStatusSchema } from '../../connection/connection-status';
import { defineMessage } from '../define-message';
import { boundedText, emptySchema } from './shared-schemas';

export const getConnectionStatus = defineMessage({ name: 'getConnectionStatus', request: emptySchema, response: connectionStatusSchema, allowTab: true });

/** Empty secrets keep the stored ones; the answer is the masked status, never a secret. */
export const saveConnection = defineMessage({
  name: 'saveConnection',
  request: z.object({
    userGroupBaseUrl: boundedText,
    projectApiUrl: boundedText,
    apiToken: boundedText,
    apiKey: boundedText,
    authToken: boundedText,
    secretsArea: secretsAreaSchema,
  }),
  response: connectionStatusSchema,
  allowTab: true,
});

export const forgetCredentials = defineMessage({ name: 'forgetCredentials', request: emptySchema, response: connectionStatusSchema, allowTab: true });
