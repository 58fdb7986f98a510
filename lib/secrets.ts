import { z } from 'zod/mini';

// The secrets of a workspace's connection, as the code uses them: the user-group API's token, the
// project API's key and auth token. A leaf, because three layers need their names: the storage that
// keeps them (lib/storage/credentials/), the service clients that redact them from what a service says
// (lib/api/redact-secrets.ts), and the domain that counts and carries them.

/** The three secrets (and how version 1 stored them). Only the background has them; '' means "not set". */
export const credentialsSchema = z.lazy(() =>
  z.object({
    apiToken: z.string(),
    apiKey: z.string(),
    authToken: z.string(),
  }),
);
export type Credentials = z.infer<typeof credentialsSchema>;
export const SECRET_FIELDS = ['apiToken', 'apiKey', 'authToken'] as const satisfies (keyof Credentials)[];

export const EMPTY_CREDENTIALS: Credentials = { apiToken: '', apiKey: '', authToken: '' };
