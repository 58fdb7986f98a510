import { describe, expect, it } from 'vitest';
import { decodeNonAscii, displayHost, displayUrl } from '@/lib/url/display-url';
import { decodePunycode } from '@/lib/url/punycode';

describe('decodePunycode (RFC 3492)', () => {
  it('decodes the RFC samples and common labels', () => {
    expect(decodePunycode('mnchen-3ya')).toBe('münchen');
    expect(decodePunycode('r8jz45g')).toBe('例え');
    expect(decodePunycode(new URL('https://испытание.com/').hostname.slice(4, -4))).toBe('испытание');
    // RFC 3492 7.1 (L): "3<nen>B<gumi><kinpachi><sensei>"
    expect(decodePunycode('3B-ww4c5e180e575a65lsy2b')).toBe('3年B組金八先生');
  });

  it('is undefined for what is not valid Punycode', () => {
    expect(decodePunycode('zz')).toBeUndefined();
    expect(decodePunycode('ä-abc')).toBeUndefined();
  });
});

describe('displayUrl: what the popup shows of an address', () => {
  it('shows a Punycode host in Unicode and non-ASCII escapes decoded, everywhere after the host', () => {
    expect(displayUrl('https://xn--mnchen-3ya.de/stra%C3%9Fe?q=%E6%97%A5%E6%9C%AC#%F0%9F%98%80')).toBe(
      'https://münchen.de/straße?q=日本#😀',
    );
    expect(displayUrl(new URL('https://例え.jp/パス').href)).toBe('https://例え.jp/パス');
  });

  it('keeps escapes of ASCII characters, whose decoding would change the address', () => {
    expect(displayUrl('https://example.com/a%20b%2Fc%25?x=%26%C3%A9')).toBe('https://example.com/a%20b%2Fc%25?x=%26é');
  });

  it('keeps escapes that are not UTF-8, or that decode to invisible or reordering characters', () => {
    expect(decodeNonAscii('/%C3')).toBe('/%C3');
    expect(decodeNonAscii('/%FF%FE')).toBe('/%FF%FE');
    expect(decodeNonAscii('/%E2%80%AEtxt.exe')).toBe('/%E2%80%AEtxt.exe');
    expect(decodeNonAscii('/%C2%A0')).toBe('/%C2%A0');
    expect(decodeNonAscii('/%E2%80%8B')).toBe('/%E2%80%8B');
  });

  it('keeps in ASCII a host that could pass for another: scripts mixed ("аpple", a Cyrillic а) or only look-alikes ("аррӏе")', () => {
    const mixed = new URL('https://аpple.com/').hostname;
    expect(mixed.startsWith('xn--')).toBe(true);
    expect(displayHost(mixed)).toBe(mixed);
    expect(displayHost('xn--80ak6aa92e.com')).toBe('xn--80ak6aa92e.com');
    expect(displayHost(new URL('https://испытание.com/').hostname)).toBe('испытание.com');
  });

  it('returns anything else as it is, and an address with nothing to decode character for character', () => {
    for (const raw of [
      'https://Example.com',
      'not an address %C3%A9',
      'chrome://settings/%C3%A9',
      '',
      'https://x.com/a%2F',
    ]) {
      expect(displayUrl(raw)).toBe(raw);
    }
  });

  it('round-trips: the address shown parses back to the same address', () => {
    for (const raw of [
      'https://xn--mnchen-3ya.de/stra%C3%9Fe?q=%E6%97%A5',
      'https://user@xn--r8jz45g.jp:8443/%E3%83%91%E3%82%B9#x',
    ]) {
      expect(new URL(displayUrl(raw)).href).toBe(new URL(raw).href);
    }
  });
});
