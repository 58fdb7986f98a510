import { describe, expect, it } from 'vitest';
import { describeMissingSetup } from '@/lib/connection/missing-setup';

type Status = Parameters<typeof describeMissingSetup>[0];
const ready: Status = {
  projectApiUrl: 'https://projects.example.com/api',
  masked: { apiToken: '', apiKey: '••••1a2b', authToken: '••••9f8e' },
};
const with_ = (change: Partial<Status>): Status => ({ ...ready, ...change });

describe('describeMissingSetup: what the popup names as missing', () => {
  it('nothing when the project API is set up (the user-group API does not matter here)', () => {
    expect(describeMissingSetup(ready)).toEqual([]);
  });

  it('a fresh install: the address and both secrets', () => {
    expect(
      describeMissingSetup(with_({ projectApiUrl: '', masked: { apiToken: '', apiKey: '', authToken: '' } })),
    ).toEqual(['The project API address is not set up.', 'The API key is not saved.', 'The auth token is not saved.']);
  });

  it('one secret', () => {
    expect(describeMissingSetup(with_({ masked: { ...ready.masked, authToken: '' } }))).toEqual([
      'The auth token is not saved.',
    ]);
    expect(describeMissingSetup(with_({ masked: { ...ready.masked, apiKey: '' } }))).toEqual([
      'The API key is not saved.',
    ]);
  });
});
