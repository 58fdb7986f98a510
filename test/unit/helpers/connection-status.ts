import type { ConnectionStatus } from '@/lib/connection/connection-status';

/** A connection's status as the background answers getConnectionStatus: masked, valid against its schema. */
export const CONNECTION_STATUS: ConnectionStatus = {
  userGroupBaseUrl: 'https://ug.example.com',
  projectApiUrl: 'https://projects.example.com',
  secretsArea: 'local',
  masked: { apiToken: '••••7f3a', apiKey: '', authToken: '' },
  projectApiReady: false,
  userGroupApiReady: true,
  missingAccess: [],
  notices: [],
};
