import { z } from 'zod/mini';

// Schemas only, no storage access: pages (the popup above all) import these without pulling in the
// storage layer.

export const secretsAreaSchema = z.enum(['local', 'session']);
export type SecretsArea = z.infer<typeof secretsAreaSchema>;

/** Where the services are and where the secrets live. Holds no secret, so pages may read it. */
export const connectionSettingsSchema = z.object({
  userGroupBaseUrl: z.string(),
  projectApiUrl: z.string(),
  secretsArea: secretsAreaSchema,
});
export type ConnectionSettings = z.infer<typeof connectionSettingsSchema>;

/** The three secrets. Only the background reads them; an empty string means "not set". */
export const credentialsSchema = z.object({
  apiToken: z.string(),
  apiKey: z.string(),
  authToken: z.string(),
});
export type Credentials = z.infer<typeof credentialsSchema>;
export const SECRET_FIELDS = ['apiToken', 'apiKey', 'authToken'] as const satisfies (keyof Credentials)[];

export const EMPTY_CREDENTIALS: Credentials = { apiToken: '', apiKey: '', authToken: '' };
