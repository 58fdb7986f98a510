import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { urlProblemText } from '@/lib/api/service-address-problem';
import { checkServiceUrl, hostPermissionPattern } from '@/lib/api/service-address';

describe('checkServiceUrl: accepted and normalised', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['  https://api.example.com/  ', 'https://api.example.com'],
    ['https://api.example.com/prefix', 'https://api.example.com/prefix'],
    ['https://api.example.com/prefix/', 'https://api.example.com/prefix'],
    ['https://api.example.com/a/b//', 'https://api.example.com/a/b'],
    ['HTTPS://API.Example.COM/Path', 'https://api.example.com/Path'],
    ['https://api.example.com:8443/x', 'https://api.example.com:8443/x'],
    ['https://api.example.com:443/x', 'https://api.example.com/x'],
    ['http://localhost:8787/ug', 'http://localhost:8787/ug'],
    ['http://127.0.0.1:8787/projects/', 'http://127.0.0.1:8787/projects'],
  ])('%j -> %j', (raw, url) => {
    expect(checkServiceUrl(raw)).toEqual({ ok: true, url });
  });
});

describe('checkServiceUrl: refused', () => {
  it.each([
    ['empty', '', 'empty'],
    ['whitespace', '   ', 'empty'],
    ['garbage', 'not a url', 'malformed'],
    ['a host without scheme', 'api.example.com', 'malformed'],
    ['http on a public host', 'http://api.example.com', 'plain-http'],
    ['http on a host that only starts like loopback', 'http://127.0.0.1.nip.io', 'plain-http'],
    ['http on a LAN address', 'http://192.168.1.10:8080', 'plain-http'],
    // No declared permission covers [::1], so it could never be granted: refused with the way out.
    ['IPv6 loopback over http', 'http://[::1]:8787', 'ipv6-loopback'],
    ['IPv6 loopback spelled out', 'http://[0:0:0:0:0:0:0:1]/ug', 'ipv6-loopback'],
    ['IPv6 loopback over https', 'https://[::1]:8443', 'ipv6-loopback'],
    ['ftp', 'ftp://files.example.com', 'not-https'],
    ['ws', 'wss://api.example.com', 'not-https'],
    ['javascript', 'javascript:alert(1)', 'not-https'],
    ['user and password', 'https://user:pass@api.example.com', 'user-info'],
    ['a user name only', 'https://user@api.example.com', 'user-info'],
    ['a query', 'https://api.example.com/?key=1', 'query'],
    ['a bare trailing ?', 'https://api.example.com/?', 'query'],
    ['a fragment', 'https://api.example.com/#top', 'fragment'],
    ['a bare trailing #', 'https://api.example.com#', 'fragment'],
  ])('%s (%j)', (_label, raw, problem) => {
    expect(checkServiceUrl(raw)).toEqual({ ok: false, problem });
  });

  it('says each problem with the way out, in the UI language', () => {
    expect(urlProblemText('plain-http')).toBe('Use https. Plain http is only allowed for localhost and 127.0.0.1.');
    expect(urlProblemText('ipv6-loopback')).toBe('Use 127.0.0.1 or localhost instead of [::1].');
  });
});

describe('hostPermissionPattern', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com:8443/prefix', 'https://api.example.com/*'],
    ['http://127.0.0.1:8787/projects', 'http://127.0.0.1/*'],
    ['http://localhost:8787', 'http://localhost/*'],
  ])('%s -> %s', (url, pattern) => {
    expect(hostPermissionPattern(url)).toBe(pattern);
  });
});

describe('every accepted plain-http address can be granted', () => {
  // The loopback origins wxt.config.ts declares (optional_host_permissions, and granted in e2e builds).
  const declared = JSON.parse(
    /const LOOPBACK_ORIGINS = (\[[^\]]*\])/.exec(readFileSync('wxt.config.ts', 'utf8'))![1]!.replaceAll("'", '"'),
  ) as string[];

  it.each([
    'http://localhost:8787',
    'http://127.0.0.1:8787/x',
    'http://[::1]:8787',
    'http://[0::1]',
    'http://LOCALHOST',
  ])('%s is refused or maps to a declared pattern', (raw) => {
    const checked = checkServiceUrl(raw);
    if (checked.ok) expect(declared).toContain(hostPermissionPattern(checked.url));
  });
});
