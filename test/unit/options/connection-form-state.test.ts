import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import {
  checkUrls,
  formFromStatus,
  hasChanges,
  hasStoredSecrets,
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
