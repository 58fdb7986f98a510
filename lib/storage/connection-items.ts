import { storage } from '#imports';
import { z } from 'zod/mini';
import { isDevelopmentBuild, SANDBOX_DEMO_CONNECTION } from './dev-defaults';

export const secretsAreaSchema = z.enum(['local', 'session']);
export type SecretsArea = z.infer<typeof secretsAreaSchema>;

/** Where the services are and where the secrets live. Holds no secret, so pages may read it. */
export const connectionSettingsSchema = z.object({
  userGroupBaseUrl: z.string(),
  projectApiUrl: z.string(),
  secretsArea: secretsAreaSchema,
});
export type ConnectionSettings = z.infer<typeof connectionSettingsSchema>;

/** The three secrets. Only the background reads this; an empty string means "not set". */
export const credentialsSchema = z.object({
  apiToken: z.string(),
  apiKey: z.string(),
  authToken: z.string(),
});
export type Credentials = z.infer<typeof credentialsSchema>;
export const SECRET_FIELDS = ['apiToken', 'apiKey', 'authToken'] as const satisfies (keyof Credentials)[];

const EMPTY_CREDENTIALS: Credentials = { apiToken: '', apiKey: '', authToken: '' };

export const connectionSettingsItem = storage.defineItem<ConnectionSettings>('local:connectionSettings', {
  fallback: isDevelopmentBuild
    ? { userGroupBaseUrl: SANDBOX_DEMO_CONNECTION.userGroupBaseUrl, projectApiUrl: SANDBOX_DEMO_CONNECTION.projectApiUrl, secretsArea: 'local' }
    : { userGroupBaseUrl: '', projectApiUrl: '', secretsArea: 'local' },
  version: 1,
});

const credentialsFallback: Credentials = isDevelopmentBuild
  ? { apiToken: SANDBOX_DEMO_CONNECTION.apiToken, apiKey: SANDBOX_DEMO_CONNECTION.apiKey, authToken: SANDBOX_DEMO_CONNECTION.authToken }
  : EMPTY_CREDENTIALS;

/** Never `sync:`: secrets must not leave this browser. */
export const credentialsItems = {
  local: storage.defineItem<Credentials>('local:credentials', { fallback: credentialsFallback, version: 1 }),
  session: storage.defineItem<Credentials>('session:credentials', { fallback: EMPTY_CREDENTIALS, version: 1 }),
} satisfies Record<SecretsArea, unknown>;

export { EMPTY_CREDENTIALS };
