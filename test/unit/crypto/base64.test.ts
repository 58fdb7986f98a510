import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '@/lib/crypto/base64';
import { utf8 } from './hex';

describe('base64 (RFC 4648 §10 vectors)', () => {
  it.each([
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ])('%j <-> %j', (text, encoded) => {
    expect(bytesToBase64(utf8(text))).toBe(encoded);
    expect(base64ToBytes(encoded)).toEqual(utf8(text));
  });

  it('round-trips every byte value and a buffer larger than one chunk', () => {
    const all = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(base64ToBytes(bytesToBase64(all))).toEqual(all);
    const large = Uint8Array.from({ length: 100_003 }, (_, index) => (index * 31) % 256);
    expect(base64ToBytes(bytesToBase64(large))).toEqual(large);
  });

  it('uses the standard alphabet (+ and /), as Python base64.b64encode does', () => {
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('+/+/');
  });

  it.each([
    ['missing padding', 'Zg'],
    ['white space', 'Zm9v YmFy'],
    ['a line break', 'Zm9v\nYmFy'],
    ['the URL alphabet', '-_-_'],
    ['stray low bits (a second spelling of "f")', 'Zh=='],
    ['too much padding', 'Zg==='],
    ['padding in the middle', 'Zg==Zg=='],
    ['other characters', 'Zm9v!'],
  ])('refuses %s', (_label, text) => {
    expect(base64ToBytes(text)).toBeUndefined();
  });
});
