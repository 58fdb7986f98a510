// Host names shown in Unicode only when a browser would (issue 39, finding 3; Chrome's IDN policy): one
// script or an allowed mix (UTS #39 Highly Restrictive), and never a label that could pass for an ASCII
// one by the Unicode confusables data.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { displayHost, displayUrl } from '@/lib/url/display-url';
import { isHighlyRestrictive } from '@/lib/url/host-scripts';
import { generated, TARGET } from '../../../scripts/ascii-look-alikes.ts';

/** The ASCII form of a host, as the browser gives it to the extension. */
const ascii = (host: string) => new URL(`https://${host}/`).hostname;

describe('kept in Punycode: a host that could pass for another', () => {
  it.each([
    ['xn--oogle-qmc.com', 'ɡoogle (a Latin script g, U+0261)'],
    ['xn--pple-p5b.com', 'ɑpple (a Latin alpha, U+0251)'],
    ['xn--ggle-vifa.com', 'gօօgle (Armenian o)'],
    [ascii('аррӏе.com'), 'аррӏе (every letter Cyrillic)'],
    [ascii('аpple.com'), 'аpple (a Cyrillic а among Latin letters)'],
    [ascii('раураl.com'), 'раураl (Cyrillic and Latin)'],
    [ascii('ѕсоре.com'), 'ѕсоре (every letter Cyrillic)'],
    [ascii('εxample.com'), 'εxample (a Greek epsilon among Latin letters)'],
    [ascii('ꮪ.com'), 'a letter of a script not recommended for identifiers (Cherokee)'],
  ])('%s (%s)', (host) => {
    expect(host.startsWith('xn--')).toBe(true);
    expect(displayHost(host)).toBe(host);
  });
});

describe('shown in Unicode: a host as its readers write it', () => {
  it.each([
    ['xn--mnchen-3ya.de', 'münchen.de'],
    [ascii('例え.jp'), '例え.jp'],
    [ascii('ドメイン名例.jp'), 'ドメイン名例.jp'],
    [ascii('日本語とEnglish.jp'), '日本語とenglish.jp'],
    [ascii('中文网.中国'), '中文网.中国'],
    [ascii('한국어.kr'), '한국어.kr'],
    [ascii('пример.рф'), 'пример.рф'],
    [ascii('испытание.com'), 'испытание.com'],
    [ascii('παράδειγμα.δοκιμή'), 'παράδειγμα.δοκιμή'],
    [ascii('مثال.إختبار'), 'مثال.إختبار'],
    [ascii('blåbærsyltetøy.no'), 'blåbærsyltetøy.no'],
    [ascii('straße-café.de'), 'straße-café.de'],
  ])('%s → %s', (host, shown) => {
    expect(host).toMatch(/xn--/);
    expect(displayHost(host)).toBe(shown);
    expect(displayUrl(`https://${host}/a`)).toBe(`https://${shown}/a`);
  });
});

describe('the scripts a label may mix (UTS #39 Highly Restrictive)', () => {
  it('one script, or Latin with Japanese, Chinese or Korean; digits and hyphens with any', () => {
    expect(isHighlyRestrictive('münchen-2')).toBe(true);
    expect(isHighlyRestrictive('日本語とabc')).toBe(true);
    expect(isHighlyRestrictive('中文abcㄅ')).toBe(true);
    expect(isHighlyRestrictive('한국어abc')).toBe(true);
    expect(isHighlyRestrictive('аbc')).toBe(false);
    expect(isHighlyRestrictive('한국어ひらがな')).toBe(false);
    expect(isHighlyRestrictive('αβγабв')).toBe(false);
  });
});

describe('the look-alike characters come from the Unicode confusables data', () => {
  it(`${TARGET} is what scripts/ascii-look-alikes.ts makes (run it with --write after updating the data)`, () => {
    expect(readFileSync(TARGET, 'utf8')).toBe(generated());
  });
});
