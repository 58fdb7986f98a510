import { z } from 'zod/mini';
import { MAX_ADDRESS_LENGTH } from '../../url/address-length';

// Schemas only, no storage access: pages (the popup above all) import these without pulling in the
// storage layer.

export const secretsAreaSchema = z.enum(['local', 'session']);
export type SecretsArea = z.infer<typeof secretsAreaSchema>;

/** Where the services are and where the secrets live. Holds no secret, so pages may read it. */
export const connectionSettingsSchema = z.lazy(() =>
  z.object({
    userGroupBaseUrl: z.string(),
    projectApiUrl: z.string(),
    secretsArea: secretsAreaSchema,
  }),
);
export type ConnectionSettings = z.infer<typeof connectionSettingsSchema>;

/**
 * `ws.<id>.projectLink` (project-link-item.ts): the address of a project's page in the review service,
 * as a template with `{projectId}` where the id goes (lib/api/project-link.ts checks it and builds
 * the link). An empty template, like no stored value at all (every workspace saved before it existed),
 * means no link. Not a secret.
 */
export const projectLinkSettingSchema = z.lazy(() =>
  z.object({
    template: z.string().check(z.maxLength(MAX_ADDRESS_LENGTH)),
  }),
);
export type ProjectLinkSetting = z.infer<typeof projectLinkSettingSchema>;

export const NO_PROJECT_LINK: ProjectLinkSetting = { template: '' };

/**
 * The secrets as stored (version 2): each API's secrets with the origin they were entered for (`''`
 * when its address was empty). They are only used while that API's address has this origin.
 */
export const storedCredentialsSchema = z.lazy(() =>
  z.object({
    userGroup: z.object({ origin: z.string(), apiToken: z.string() }),
    project: z.object({ origin: z.string(), apiKey: z.string(), authToken: z.string() }),
  }),
);
export type StoredCredentials = z.infer<typeof storedCredentialsSchema>;

export const EMPTY_STORED_CREDENTIALS: StoredCredentials = {
  userGroup: { origin: '', apiToken: '' },
  project: { origin: '', apiKey: '', authToken: '' },
};
