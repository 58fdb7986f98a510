import { t, type MessageKey } from '../i18n';
import { projectApiGaps, type SetupGap } from '../storage/popup-view/setup-gaps';
import type { ConnectionStatus } from './connection-status';

const GAP_TEXT = {
  projectApiUrl: 'setupMissingProjectApiUrl',
  apiKey: 'setupMissingApiKey',
  authToken: 'setupMissingAuthToken',
} satisfies Record<SetupGap, MessageKey>;

/** Each gap of the project API said as what is missing (the popup's view names them: never a secret). */
export const describeSetupGaps = (gaps: readonly SetupGap[]): string[] => gaps.map((gap) => t(GAP_TEXT[gap]));

/**
 * What keeps the project API from being ready (connection-status.ts: its address and both secrets),
 * each said as what is missing, from the status pages already receive (masked secrets, never one).
 * Access to the address is not among them: without it the API still counts as set up, and creating a
 * project says so, with Open settings.
 */
export function describeMissingSetup(status: Pick<ConnectionStatus, 'projectApiUrl' | 'masked'>): string[] {
  return describeSetupGaps(
    projectApiGaps({
      projectApiUrl: status.projectApiUrl,
      apiKey: status.masked.apiKey,
      authToken: status.masked.authToken,
    }),
  );
}
