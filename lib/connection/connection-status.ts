import { z } from 'zod/mini';
import { messageRefSchema, type MessageRef } from '../message-ref';
import { secretsAreaSchema } from '../storage/connection/connection-schema';
import { maskSecret } from './mask-secret';
import { checkProjectLinkTemplate } from '../api/project-link';
import type { Connection } from './connection-repository';
import { projectApiGaps } from '../storage/popup-view/setup-gaps';

/** What a page may know about the connection: addresses, masked secrets, readiness. Never a secret. */
export const connectionStatusSchema = z.lazy(() =>
  z.object({
    userGroupBaseUrl: z.string(),
    projectApiUrl: z.string(),
    secretsArea: secretsAreaSchema,
    masked: z.object({ apiToken: z.string(), apiKey: z.string(), authToken: z.string() }),
    projectApiReady: z.boolean(),
    userGroupApiReady: z.boolean(),
    /** Host permission patterns the configured addresses need but the browser has not granted. */
    missingAccess: z.array(z.string()),
    /** Storage notices (lib/storage/notices-item.ts): named texts the page renders in its language. */
    notices: z.array(messageRefSchema),
    /** The passphrase lock is closed: the secrets are sealed, so none reads as set (design.md §10). */
    locked: z.optional(z.boolean()),
    /**
     * The project link template (lib/api/project-link.ts), when the workspace has one that passes
     * its check (pages build links from it as it is); not a secret.
     */
    projectLink: z.optional(z.string()),
  }),
);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

const sealedMask = (address: string) => (address ? '••••' : '');

export function describeConnection(
  connection: Connection,
  missingAccess: string[],
  notices: MessageRef[],
  locked = false,
  projectLink = '',
): ConnectionStatus {
  // A stored template is served only if it passes the check it passed when it was saved.
  const link = checkProjectLinkTemplate(projectLink);
  return {
    ...(locked && { locked }),
    ...(link.ok && link.template && { projectLink: link.template }),
    userGroupBaseUrl: connection.userGroupBaseUrl,
    projectApiUrl: connection.projectApiUrl,
    secretsArea: connection.secretsArea,
    // Locked, the sealed secrets cannot be masked: an API with an address reads as "saved" (so that
    // Forget credentials stays offered), without its last characters.
    masked: locked
      ? {
          apiToken: sealedMask(connection.userGroupBaseUrl),
          apiKey: sealedMask(connection.projectApiUrl),
          authToken: sealedMask(connection.projectApiUrl),
        }
      : {
          apiToken: maskSecret(connection.apiToken),
          apiKey: maskSecret(connection.apiKey),
          authToken: maskSecret(connection.authToken),
        },
    projectApiReady: projectApiGaps(connection).length === 0,
    userGroupApiReady: Boolean(connection.userGroupBaseUrl && connection.apiToken),
    missingAccess,
    notices,
  };
}
