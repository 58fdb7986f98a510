import { describe, expect, it } from 'vitest';
import { normalizeUrl } from '@/lib/projects/normalize-url';

describe('normalizeUrl: scheme and host lowercased, default port and fragment dropped, the rest kept', () => {
  it.each<[string, string, string | undefined]>([
    ['already normal', 'https://example.com/a/b?x=1', 'https://example.com/a/b?x=1'],
    ['scheme upper case', 'HTTPS://example.com/a', 'https://example.com/a'],
    ['host mixed case', 'https://Example.COM/a', 'https://example.com/a'],
    ['path case is kept', 'https://example.com/A/B', 'https://example.com/A/B'],
    ['query case and order are kept', 'https://example.com/a?B=2&a=1', 'https://example.com/a?B=2&a=1'],
    ['default https port dropped', 'https://example.com:443/a', 'https://example.com/a'],
    ['default http port dropped', 'http://example.com:80/a', 'http://example.com/a'],
    ['another port kept', 'https://example.com:8443/a', 'https://example.com:8443/a'],
    ['http port 443 is not a default', 'http://example.com:443/a', 'http://example.com:443/a'],
    ['fragment dropped', 'https://example.com/a#section-2', 'https://example.com/a'],
    ['empty fragment dropped', 'https://example.com/a#', 'https://example.com/a'],
    ['fragment after a query dropped, query kept', 'https://example.com/a?x=1#top', 'https://example.com/a?x=1'],
    ['empty path is the root', 'https://example.com', 'https://example.com/'],
    ['trailing slash kept (a different path)', 'https://example.com/a/', 'https://example.com/a/'],
    ['empty query kept', 'https://example.com/a?', 'https://example.com/a?'],
    ['surrounding whitespace ignored', '  https://example.com/a \n', 'https://example.com/a'],
    ['dot segments resolved by the parser', 'https://example.com/a/../b', 'https://example.com/b'],
    ['user info kept', 'https://user@example.com/a', 'https://user@example.com/a'],
    ['internationalised host in punycode', 'https://BÜCHER.example/a', 'https://xn--bcher-kva.example/a'],
    ['loopback with a port', 'http://127.0.0.1:8787/pages/x', 'http://127.0.0.1:8787/pages/x'],
    ['not a URL', 'example dot com', undefined],
    ['not http(s)', 'chrome://extensions', undefined],
    ['file:', 'file:///home/me/a.pdf', undefined],
  ])('%s', (_label, input, expected) => {
    expect(normalizeUrl(input)?.url).toBe(expected);
  });

  it('gives the origin and the site as a reviewer names it', () => {
    expect(normalizeUrl('HTTPS://Example.com:443/a#b')).toEqual({
      url: 'https://example.com/a',
      origin: 'https://example.com',
      site: 'example.com',
    });
    expect(normalizeUrl('http://127.0.0.1:8787/x')).toEqual({
      url: 'http://127.0.0.1:8787/x',
      origin: 'http://127.0.0.1:8787',
      site: '127.0.0.1:8787',
    });
  });
});
