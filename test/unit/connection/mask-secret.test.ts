import { describe, expect, it } from 'vitest';
import { maskGroupToken, maskSecret } from '@/lib/connection/mask-secret';

describe('maskSecret', () => {
  it.each([
    ['', ''],
    ['a', '••••'],
    ['7-chars', '••••'],
    ['8-chars!', '••••ars!'],
    ['short-11ch', '••••11ch'],
    ['elevenchars', '••••hars'],
    ['twelve-chars', '••••hars'],
    ['sandbox-auth-token-c4d8', '••••c4d8'],
  ])('%j -> %j', (secret, masked) => {
    expect(maskSecret(secret)).toBe(masked);
  });

  it('never contains more than the last four characters of the secret', () => {
    const secret = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const masked = maskSecret(secret);
    expect(masked).not.toContain(secret.slice(-5));
    expect(masked.endsWith(secret.slice(-4))).toBe(true);
  });
});

describe('maskGroupToken', () => {
  it.each([
    ['', ''],
    ['abc', '••••'],
    ['1234', '••••'],
    ['8-chars!', '••••'],
    ['elevenchars', '••••'],
    ['twelve-chars', '••••hars'],
    ['a2f9c41e7b0d44f6a8e3', '••••a8e3'],
  ])('%j -> %j', (token, masked) => {
    expect(maskGroupToken(token)).toBe(masked);
  });

  it('shows none of a token shorter than 12 characters', () => {
    for (let length = 1; length < 12; length += 1) {
      const token = 'x'.repeat(length - 1) + 'Z';
      expect(maskGroupToken(token)).toBe('••••');
    }
  });
});
