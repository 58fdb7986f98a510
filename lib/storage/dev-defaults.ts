/**
 * What a development build starts with, so that `npm run dev` works against the local sandbox with
 * no setup. Production and e2e builds get empty values: Vite replaces MODE at build time, so these
 * strings are not in their bundles (a test checks the built files).
 */
export const SANDBOX_ORIGIN = 'http://127.0.0.1:8787';

export const SANDBOX_DEMO_CONNECTION = {
  userGroupBaseUrl: `${SANDBOX_ORIGIN}/ug`,
  projectApiUrl: `${SANDBOX_ORIGIN}/projects`,
  apiToken: 'sandbox-api-token-7f3a',
  apiKey: 'sandbox-api-key-91c2',
  authToken: 'sandbox-auth-token-c4d8',
};

export const isDevelopmentBuild = import.meta.env.MODE === 'development';
