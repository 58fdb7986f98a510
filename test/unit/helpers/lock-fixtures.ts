import type { ConnectionSettings } from '@/lib/storage/connection/connection-schema';
import type { Credentials } from '@/lib/secrets';

// What the passphrase-lock tests share: two passphrases, a connection's settings and its secrets.
export const PASSPHRASE = 'correct horse battery';
export const NEW_PASSPHRASE = 'another long passphrase';
export const SETTINGS: ConnectionSettings = {
  userGroupBaseUrl: 'https://ug.example/api',
  projectApiUrl: 'https://p.example/',
  secretsArea: 'local',
};
export const SECRETS: Credentials = {
  apiToken: 'ug-token-aaaa-1111',
  apiKey: 'project-key-2222',
  authToken: 'auth-3333',
};
