import { describe, expect, it } from 'vitest';
import { isOnSite, readSiteAddress, sitePatterns } from '@/lib/projects/page-list/site-address';

const onSite = (start: string, target: string) => isOnSite(new URL(start), new URL(target));

describe('the site a fetch may read', () => {
  it('keeps the common real cases: the www. twin either way, and the same host on another path', () => {
    expect(onSite('https://example.com/', 'https://www.example.com/sitemap.xml')).toBe(true);
    expect(onSite('https://www.example.com/', 'https://example.com/robots.txt')).toBe(true);
    expect(onSite('https://example.com:8443/', 'https://www.example.com:8443/a')).toBe(true);
  });

  it('refuses another site, plain http off this computer, another port, and this computer from a public site', () => {
    expect(onSite('https://example.com/', 'https://evil.example/sitemap.xml')).toBe(false);
    expect(onSite('https://example.com/', 'https://blog.example.com/')).toBe(false);
    expect(onSite('https://example.com/', 'http://example.com/sitemap.xml')).toBe(false);
    expect(onSite('https://example.com/', 'https://example.com:8443/')).toBe(false);
    expect(onSite('https://example.com/', 'http://127.0.0.1/')).toBe(false);
    expect(onSite('https://example.com/', 'http://localhost:8787/')).toBe(false);
  });

  it('on this computer, the same origin only: another port is another program', () => {
    expect(onSite('http://127.0.0.1:8787/', 'http://127.0.0.1:8787/sitemaps/a.xml')).toBe(true);
    expect(onSite('http://127.0.0.1:8787/', 'http://127.0.0.1:9/')).toBe(false);
    expect(onSite('http://127.0.0.1:8787/', 'http://localhost:8787/')).toBe(false);
    expect(onSite('http://127.0.0.1:8787/', 'https://127.0.0.1:8787/')).toBe(false);
  });

  it('asks for exactly the hosts it may read (patterns carry no port)', () => {
    expect(sitePatterns(new URL('https://www.example.com:8443/x'))).toEqual([
      'https://example.com/*',
      'https://www.example.com/*',
    ]);
    expect(sitePatterns(new URL('http://127.0.0.1:8787/'))).toEqual(['http://127.0.0.1/*']);
    expect(sitePatterns(new URL('https://203.0.113.7/'))).toEqual(['https://203.0.113.7/*']);
    expect(sitePatterns(new URL('https://[2001:db8::1]:8443/'))).toEqual(['https://[2001:db8::1]/*']);
  });
});

describe('what Sitemap address holds', () => {
  it('reads a site, a sitemap or a feed; https:// when no scheme is given; plain http only on this computer', () => {
    expect(readSiteAddress(' example.com ')).toMatchObject({ site: true });
    expect(readSiteAddress('example.com')?.url.href).toBe('https://example.com/');
    expect(readSiteAddress('http://example.com/sitemap.xml')?.url.href).toBe('https://example.com/sitemap.xml');
    expect(readSiteAddress('http://127.0.0.1:8787')).toMatchObject({ site: true });
    expect(readSiteAddress('http://127.0.0.1:8787')?.url.href).toBe('http://127.0.0.1:8787/');
    expect(readSiteAddress('https://example.com/feed.xml#top')).toMatchObject({ site: false });
    expect(readSiteAddress('https://example.com/feed.xml#top')?.url.href).toBe('https://example.com/feed.xml');
    expect(readSiteAddress('https://example.com/?lang=de')).toMatchObject({ site: false });
  });

  it('refuses what is not a web address, or carries a user name', () => {
    for (const typed of [
      '',
      'not an address',
      'ftp://example.com/s.xml',
      'file:///etc/passwd',
      'https://user:pw@example.com/',
    ])
      expect(readSiteAddress(typed), typed).toBeUndefined();
  });
});
