import { z } from 'zod/mini';
import { secretsAreaSchema } from './connection-schema';
import { maskSecret } from './mask-secret';
import type { Connection } from './connection-repository';

/** What a page may know about the connection: addresses, masked secrets, readiness. Never a secret. */
export const connectionStatusSchema = z.object({
  userGroupBaseUrl: z.string(),
  projectApiUrl: z.string(),
  secretsArea: secretsAreaSchema,
  masked: z.object({ apiToken: z.string(), apiKey: z.string(), authToken: z.string() }),
  projectApiReady: z.boolean(),
  userGroupApiReady: z.boolean(),
  /** Host permission patterns the configured addresses need but the browser has not granted. */
  missingAccess: z.array(z.string()),
  notices: z.array(z.string()),
});
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

export function describeConnection(
  connection: Connection,
  missingAccess: string[],
  notices: string[],
): ConnectionStatus {
  return {
    userGroupBaseUrl: connection.userGroupBaseUrl,
    projectApiUrl: connection.projectApiUrl,
    secretsArea: connection.secretsArea,
    masked: {
      apiToken: maskSecret(connection.apiToken),
      apiKey: maskSecret(connection.apiKey),
      authToken: maskSecret(connection.authToken),
    },
    projectApiReady: Boolean(connection.projectApiUrl && connection.apiKey && connection.authToken),
    userGroupApiReady: Boolean(connection.userGroupBaseUrl && connection.apiToken),
    missingAccess,
    notices,
  };
}
