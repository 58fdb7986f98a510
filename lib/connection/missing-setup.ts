import { t } from '../i18n';
import type { ConnectionStatus } from './connection-status';

/**
 * What keeps the project API from being ready (connection-status.ts: its address and both secrets),
 * each said as what is missing, from the status pages already receive (masked secrets, never one).
 * Access to the address is not among them: without it the API still counts as set up, and creating a
 * project says so, with Open settings.
 */
export function describeMissingSetup(status: Pick<ConnectionStatus, 'projectApiUrl' | 'masked'>): string[] {
  const missing: string[] = [];
  if (!status.projectApiUrl) missing.push(t('setupMissingProjectApiUrl'));
  if (!status.masked.apiKey) missing.push(t('setupMissingApiKey'));
  if (!status.masked.authToken) missing.push(t('setupMissingAuthToken'));
  return missing;
}
