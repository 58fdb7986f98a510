import type { ConnectionSettings } from './connection-schema';
import type { Credentials } from '../../secrets';

/**
 * What a development build starts with, so that `npm run dev` works against the local sandbox
 * (test/sandbox, port 8787) with no setup. Vite replaces MODE at build time and the whole literal is
 * dropped from production and e2e bundles (test/check-build-contents.ts checks the built files).
 */
export const devConnectionDefaults: (ConnectionSettings & Credentials) | undefined =
  import.meta.env.MODE === 'development'
    ? {
        userGroupBaseUrl: 'http://127.0.0.1:8787/ug',
        projectApiUrl: 'http://127.0.0.1:8787/projects',
        secretsArea: 'local',
        apiToken: 'sandbox-api-token-7f3a',
        apiKey: 'sandbox-api-key-91c2',
        authToken: 'sandbox-auth-token-c4d8',
      }
    : undefined;

/**
 * The sandbox's project page (test/sandbox: `GET /app/projects/<id>`), so that a development build's
 * **Open project** leads somewhere with no setup. Dropped from other builds like the literal above.
 */
export const devProjectLink: string | undefined =
  import.meta.env.MODE === 'development' ? 'http://127.0.0.1:8787/app/projects/{projectId}' : undefined;
