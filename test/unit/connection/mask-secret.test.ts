import { describe, expect, it } from 'vitest';
import { maskSecret } from '@/lib/connection/mask-secret';

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
