import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { t } from '@/lib/i18n';
import {
  checkUrls,
  errorAsTyped,
  formFromStatus,
  hasChanges,
  hasStoredSecrets,
  saveOffReason,
  secretHint,
  secretPlaceholder,
  stillMissing,
} from '@/entrypoints/options/sections/connection/connection-form-state';

const status = (overrides: Partial<ConnectionStatus> = {}): ConnectionStatus => ({
  userGroupBaseUrl: '',
  projectApiUrl: 'https://api.example.com/projects',
  secretsArea: 'local',
  masked: { apiToken: '', apiKey: '••••91c2', authToken: '' },
  projectApiReady: false,
  userGroupApiReady: false,
  missingAccess: [],
  notices: [],
  ...overrides,
});

describe('the connection form', () => {
  it('has nothing to save until an address, a secret or the storage choice changes', () => {
    const saved = status();
    const form = formFromStatus(saved);
    expect(hasChanges(form, saved)).toBe(false);
    expect(hasChanges({ ...form, projectApiUrl: ' https://api.example.com/projects ' }, saved)).toBe(false);
    expect(hasChanges({ ...form, authToken: 'x' }, saved)).toBe(true);
    expect(hasChanges({ ...form, userGroupBaseUrl: 'https://ug.example.com' }, saved)).toBe(true);
    expect(hasChanges({ ...form, sessionOnly: true }, saved)).toBe(true);
  });

  it('counts an edited project link as a change (trimmed), and starts from the saved one', () => {
    const saved = status({ projectLink: 'https://app.example.com/projects/{projectId}' });
    const form = formFromStatus(saved);
    expect(form.projectLink).toBe('https://app.example.com/projects/{projectId}');
    expect(hasChanges({ ...form, projectLink: ' https://app.example.com/projects/{projectId} ' }, saved)).toBe(false);
    expect(hasChanges({ ...form, projectLink: '' }, saved)).toBe(true);
    expect(formFromStatus(status()).projectLink).toBe('');
    expect(hasChanges({ ...formFromStatus(status()), projectLink: 'https://a.example/{projectId}' }, status())).toBe(
      true,
    );
  });

  it('checks the project link as it checks the addresses, each with its own words', () => {
    const form = formFromStatus(status());
    expect(checkUrls(form)).toEqual({});
    expect(checkUrls({ ...form, projectLink: 'https://app.example.com/projects/' })).toEqual({
      projectLink:
        'Put {projectId} where the project ID goes, for example https://app.example.com/projects/{projectId}.',
    });
    expect(checkUrls({ ...form, projectLink: 'http://app.example.com/{projectId}', projectApiUrl: 'ftp://x' })).toEqual(
      {
        projectApiUrl: 'The address must start with https://.',
        projectLink: 'Use https. Plain http is only allowed for localhost and 127.0.0.1.',
      },
    );
  });

  it('offers Forget credentials only when a secret is stored', () => {
    expect(hasStoredSecrets(status())).toBe(true);
    expect(hasStoredSecrets(status({ masked: { apiToken: '', apiKey: '', authToken: '' } }))).toBe(false);
  });

  it('shows a stored secret inside its field while the address keeps its origin, and says so when it moves', () => {
    const saved = 'https://api.example.com/projects';
    expect(secretPlaceholder('••••91c2', saved, 'https://api.example.com/v2')).toBe('••••91c2 saved, type to replace');
    expect(secretHint('••••91c2', 'API key', saved, 'https://api.example.com/v2')).toBeUndefined();
    expect(secretPlaceholder('••••91c2', saved, 'https://other.example.com')).toBeUndefined();
    expect(secretHint('••••91c2', 'API key', saved, 'https://other.example.com')).toContain('type the API key again');
    expect(secretHint('', 'API key', saved, saved)).toBe('Not set.');
  });

  it('names what is still missing in the part shown, or in each part begun', () => {
    expect(stillMissing(status(), ['project'])).toEqual(['Auth token']);
    // Both parts shown: the user group API was never begun, so it is not "missing".
    expect(stillMissing(status(), ['userGroup', 'project'])).toEqual(['Auth token']);
    expect(stillMissing(status(), ['userGroup'])).toEqual(['User group API base URL', 'API token']);
    expect(stillMissing(status({ userGroupBaseUrl: 'https://ug.example.com' }), ['userGroup', 'project'])).toEqual([
      'API token',
      'Auth token',
    ]);
  });
});

// Issue 41, findings 7 and 10: the project link is checked as typed and its error goes under the
// corrected value; a disabled Save connection says why.
describe('the connection form as the user types', () => {
  it('flags a project link without {projectId} at once, and clears it once corrected', () => {
    const missing = errorAsTyped('projectLink', 'https://app.example.com/projects/', undefined);
    expect(missing).toMatch(/\{projectId\}/);
    expect(errorAsTyped('projectLink', 'https://app.example.com/projects/{projectId}', missing)).toBeUndefined();
    expect(errorAsTyped('projectLink', '', missing)).toBeUndefined();
  });

  it('checks an address flagged at Save again, so that the error goes under the corrected value', () => {
    expect(errorAsTyped('projectApiUrl', 'ftp://x', undefined)).toBeUndefined();
    const flagged = checkUrls({ ...formFromStatus(status()), projectApiUrl: 'ftp://x' }).projectApiUrl;
    expect(flagged).toBeTruthy();
    expect(errorAsTyped('projectApiUrl', 'ftp://xy', flagged)).toBe(flagged);
    expect(errorAsTyped('projectApiUrl', 'https://api.example.com', flagged)).toBeUndefined();
    // A secret the service refused: only the service can say, so the edit clears it.
    expect(errorAsTyped('apiKey', 'new', 'Refused.')).toBeUndefined();
  });

  it('says why Save connection is off: nothing changed, or the organisation sets every field', () => {
    expect(saveOffReason({ canSave: true, changed: true })).toBeUndefined();
    expect(t(saveOffReason({ canSave: true, changed: false })!)).toBe(
      'Nothing to save: change an address or the project link, or type a secret.',
    );
    expect(t(saveOffReason({ canSave: false, changed: true })!)).toMatch(
      /^Your organization has locked this workspace/,
    );
  });
});
