import { originOf } from '@/lib/url/origin-of';
import { describe, expect, it } from 'vitest';
import { projectEndpoint, userGroupEndpoint } from '@/lib/api/endpoints';

describe('userGroupEndpoint', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com/api/user'],
    ['https://api.example.com/', 'https://api.example.com/api/user'],
    ['https://api.example.com///', 'https://api.example.com/api/user'],
    ['https://api.example.com/prefix', 'https://api.example.com/prefix/api/user'],
    ['https://api.example.com/prefix/', 'https://api.example.com/prefix/api/user'],
    ['https://api.example.com/a/b//', 'https://api.example.com/a/b/api/user'],
    ['http://127.0.0.1:8787/ug', 'http://127.0.0.1:8787/ug/api/user'],
  ])('%s -> %s', (base, expected) => {
    expect(userGroupEndpoint(base)).toBe(expected);
  });
});

describe('projectEndpoint', () => {
  it.each([
    ['https://projects.example.com', 'https://projects.example.com/'],
    ['https://projects.example.com/', 'https://projects.example.com/'],
    ['https://projects.example.com//', 'https://projects.example.com/'],
    ['https://example.com/createProject', 'https://example.com/createProject/'],
    ['https://example.com/createProject/', 'https://example.com/createProject/'],
    ['https://example.com/v1/createProject///', 'https://example.com/v1/createProject/'],
    ['http://127.0.0.1:8787/projects', 'http://127.0.0.1:8787/projects/'],
  ])('%s -> %s', (base, expected) => {
    expect(projectEndpoint(base)).toBe(expected);
    // exactly one trailing slash, never a doubled one anywhere after the scheme
    expect(expected.endsWith('//')).toBe(false);
  });
});

describe('originOf', () => {
  it.each([
    ['https://api.example.com/prefix/api/user', 'https://api.example.com'],
    ['https://api.example.com:8443/x?token=secret#frag', 'https://api.example.com:8443'],
    ['http://127.0.0.1:8787/projects/', 'http://127.0.0.1:8787'],
    // credentials embedded in the URL never appear in the origin
    ['https://user:p4ssw0rd@api.example.com/x', 'https://api.example.com'],
  ])('%s -> %s', (url, expected) => {
    expect(originOf(url)).toBe(expected);
  });

  it.each(['', 'not a url', '/relative/path'])('is empty (no origin to bind a secret to) for %j', (url) => {
    expect(originOf(url)).toBe('');
  });

  it.each(['', 'not a url', '/relative/path'])('falls back to what a message passes (a dash) for %j', (url) => {
    expect(originOf(url, '—')).toBe('—');
  });
});
