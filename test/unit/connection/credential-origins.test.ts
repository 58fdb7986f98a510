import { describe, expect, it } from 'vitest';
import type { StoredCredentials } from '@/lib/storage/connection/connection-schema';
import type { Credentials } from '@/lib/secrets';
import { bindCredentials, usableCredentials } from '@/lib/storage/credentials/credential-origins';

const ADDRESSES = {
  userGroupBaseUrl: 'https://ug.example.com/api',
  projectApiUrl: 'https://projects.example.com/create',
};
const STORED: StoredCredentials = {
  userGroup: { origin: 'https://ug.example.com', apiToken: 'stored-t' },
  project: { origin: 'https://projects.example.com', apiKey: 'stored-k', authToken: 'stored-a' },
};
const EMPTY: Credentials = { apiToken: '', apiKey: '', authToken: '' };

describe('bindCredentials (the keep-when-empty rule, per origin)', () => {
  it.each<[string, Credentials, Credentials]>([
    ['all empty keeps everything', EMPTY, { apiToken: 'stored-t', apiKey: 'stored-k', authToken: 'stored-a' }],
    [
      'whitespace counts as empty',
      { apiToken: '   ', apiKey: '\n', authToken: '\t' },
      { apiToken: 'stored-t', apiKey: 'stored-k', authToken: 'stored-a' },
    ],
    [
      'typed values replace, trimmed',
      { apiToken: ' t ', apiKey: 'k', authToken: '' },
      { apiToken: 't', apiKey: 'k', authToken: 'stored-a' },
    ],
  ])('same origins: %s', (_label, typed, expected) => {
    const bound = bindCredentials(STORED, { ...ADDRESSES, ...typed });
    expect(usableCredentials(bound, ADDRESSES)).toEqual(expected);
    expect(bound.userGroup.origin).toBe('https://ug.example.com');
    expect(STORED.userGroup.apiToken).toBe('stored-t'); // not mutated
  });

  it('an API whose origin changed keeps none of its stored secrets, only typed ones, bound to the new origin', () => {
    const moved = { ...ADDRESSES, projectApiUrl: 'https://projects.example.com:444/create' };
    expect(bindCredentials(STORED, { ...moved, ...EMPTY, authToken: 'typed-a' })).toEqual({
      userGroup: STORED.userGroup,
      project: { origin: 'https://projects.example.com:444', apiKey: '', authToken: 'typed-a' },
    });
  });

  it('a secret saved without an address is not carried to the first address set later', () => {
    const unbound = bindCredentials(STORED, {
      userGroupBaseUrl: '',
      projectApiUrl: '',
      ...EMPTY,
      apiToken: 'no-address',
    });
    expect(unbound.userGroup).toEqual({ origin: '', apiToken: 'no-address' });
    expect(bindCredentials(unbound, { ...ADDRESSES, ...EMPTY }).userGroup).toEqual({
      origin: 'https://ug.example.com',
      apiToken: '',
    });
  });
});

describe('usableCredentials', () => {
  it('reads the secrets of an API whose address has another origin as not set', () => {
    expect(
      usableCredentials(STORED, { ...ADDRESSES, userGroupBaseUrl: 'https://ug.example.com.evil.net/api' }),
    ).toEqual({
      apiToken: '',
      apiKey: 'stored-k',
      authToken: 'stored-a',
    });
    expect(
      usableCredentials(STORED, { userGroupBaseUrl: 'http://ug.example.com/api', projectApiUrl: 'not a url' }),
    ).toEqual(EMPTY);
  });
});
