import { z } from 'zod/mini';
import { connectionStatusSchema } from '../connection/connection-status';
import { projectInputSchema } from '../projects/project-input';
import { secretsAreaSchema } from '../storage/connection-items';

const empty = z.object({});
const boundedText = z.string().check(z.maxLength(4096));

/**
 * The whole protocol between the pages and the background: each message's request and response.
 * `allowTab`: extension pages opened in a tab (the options page, the popup as a window) send it.
 */
export const protocol = {
  getConnectionStatus: { request: empty, response: connectionStatusSchema, allowTab: true },
  saveConnection: {
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
  },
  forgetCredentials: { request: empty, response: connectionStatusSchema, allowTab: true },
  createProject: {
    request: projectInputSchema,
    response: z.object({ projectId: z.string(), message: z.string() }),
    allowTab: true,
  },
} as const;

export type Protocol = typeof protocol;
export type MessageName = keyof Protocol;
export type RequestOf<N extends MessageName> = z.infer<Protocol[N]['request']>;
export type ResponseOf<N extends MessageName> = z.infer<Protocol[N]['response']>;

export const messageNameSchema = z.enum(Object.keys(protocol) as [MessageName, ...MessageName[]]);

/** The envelope on the wire: `{ type, data }`. */
export const envelopeSchema = z.object({ type: messageNameSchema, data: z.unknown() });
