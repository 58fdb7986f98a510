import { describe, expect, it } from 'vitest';
import { pbkdf2Bits } from '@/lib/crypto/kdf';
import { checkPassphrase, MIN_PASSPHRASE_LENGTH, passphraseBytes } from '@/lib/crypto/passphrase';
import { utf8 } from './hex';

describe('checkPassphrase', () => {
  it('asks for at least 12 characters', () => {
    expect(MIN_PASSPHRASE_LENGTH).toBe(12);
    expect(checkPassphrase('')).toBe('too-short');
    expect(checkPassphrase('a'.repeat(11))).toBe('too-short');
    expect(checkPassphrase('a'.repeat(12))).toBeUndefined();
  });

  it('counts code points, not UTF-16 units: 11 emoji are 22 units but too short', () => {
    expect(checkPassphrase('😀'.repeat(11))).toBe('too-short');
    expect(checkPassphrase('😀'.repeat(12))).toBeUndefined();
  });

  it('counts the NFC form: "e" + combining accent is one character', () => {
    expect(checkPassphrase('e\u0301'.repeat(6))).toBe('too-short');
    expect(checkPassphrase('e\u0301'.repeat(12))).toBeUndefined();
  });

  it('trims nothing: spaces count', () => {
    expect(checkPassphrase(' '.repeat(12))).toBeUndefined();
    expect(checkPassphrase('  short  ')).toBe('too-short');
  });
});

describe('passphraseBytes', () => {
  it('is UTF-8 of the NFC form', () => {
    expect(passphraseBytes('café')).toEqual(utf8('caf\u00e9'));
    expect(passphraseBytes('cafe\u0301')).toEqual(utf8('caf\u00e9'));
  });

  it('gives one key for a passphrase however its accents were typed', async () => {
    const salt = utf8('salt-salt-salt-!');
    const composed = await pbkdf2Bits('d\u00e9j\u00e0 vu, encore', salt, 1, 256);
    const decomposed = await pbkdf2Bits('de\u0301ja\u0300 vu, encore', salt, 1, 256);
    expect(decomposed).toEqual(composed);
  });
});
