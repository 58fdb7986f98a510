import { describe, expect, it } from 'vitest';
import { decryptText, encryptText } from '@/lib/crypto/aes-gcm';
import {
  deriveKey,
  deriveRawKey,
  importAesKey,
  pbkdf2Bits,
  PBKDF2_DEFAULT_ITERATIONS,
  PBKDF2_MAX_ITERATIONS,
  PBKDF2_MIN_ITERATIONS,
} from '@/lib/crypto/kdf';
import { fromHex, toHex, utf8 } from './hex';

const SALT = fromHex('000102030405060708090a0b0c0d0e0f');
const PASSPHRASE = 'correct horse battery staple';

describe('pbkdf2Bits: RFC 7914 §11 PBKDF2-HMAC-SHA256 vectors', () => {
  it('P="passwd", S="salt", c=1, dkLen=64', async () => {
    expect(toHex(await pbkdf2Bits('passwd', utf8('salt'), 1, 512))).toBe(
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc' +
        '49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783',
    );
  });

  it('P="Password", S="NaCl", c=80000, dkLen=64', async () => {
    expect(toHex(await pbkdf2Bits('Password', utf8('NaCl'), 80_000, 512))).toBe(
      '4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56' +
        'a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d',
    );
  });
});

describe('deriveKey', () => {
  it('defaults to 600,000 iterations, and gives a non-extractable AES-256-GCM key', async () => {
    expect(PBKDF2_DEFAULT_ITERATIONS).toBe(600_000);
    const key = await deriveKey(PASSPHRASE, SALT);
    if (!key.ok) throw new Error(key.problem);
    expect(key.value.extractable).toBe(false);
    expect(key.value.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect(key.value.usages.sort()).toEqual(['decrypt', 'encrypt']);
    await expect(crypto.subtle.exportKey('raw', key.value)).rejects.toThrow();
  });

  it('is PBKDF2-HMAC-SHA256 at the given count: the key equals the raw derivation', async () => {
    const key = await deriveKey(PASSPHRASE, SALT, PBKDF2_MIN_ITERATIONS);
    const raw = await pbkdf2Bits(PASSPHRASE, SALT, PBKDF2_MIN_ITERATIONS, 256);
    if (!key.ok) throw new Error(key.problem);
    const sealed = await encryptText(key.value, 'same key?');
    expect(await decryptText(await importAesKey(raw), sealed)).toEqual({ ok: true, value: 'same key?' });
  });

  it.each([
    ['one below the minimum', PBKDF2_MIN_ITERATIONS - 1],
    ['a tampered count of 1', 1],
    ['zero', 0],
    ['negative', -600_000],
    ['one above the maximum (a hostile file must not hang the page)', PBKDF2_MAX_ITERATIONS + 1],
    ['a fraction', 600_000.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses %s iterations without deriving', async (_label, iterations) => {
    expect(await deriveKey(PASSPHRASE, SALT, iterations)).toEqual({ ok: false, problem: 'iterations-out-of-range' });
    expect(await deriveRawKey(PASSPHRASE, SALT, iterations)).toEqual({ ok: false, problem: 'iterations-out-of-range' });
  });

  it.each([0, 8, 15, 65])('refuses a salt of %i bytes', async (length) => {
    expect(await deriveKey(PASSPHRASE, new Uint8Array(length))).toEqual({ ok: false, problem: 'salt-length' });
  });

  it('accepts salts of 16 to 64 bytes', async () => {
    expect((await deriveRawKey(PASSPHRASE, new Uint8Array(64))).ok).toBe(true);
  });
});

describe('a key from the wrong passphrase or salt', () => {
  it('cannot decrypt: the same failure as a damaged byte', async () => {
    const right = await deriveKey(PASSPHRASE, SALT);
    const wrongPassphrase = await deriveKey(`${PASSPHRASE}!`, SALT);
    const wrongSalt = await deriveKey(PASSPHRASE, fromHex('010102030405060708090a0b0c0d0e0f'));
    if (!right.ok || !wrongPassphrase.ok || !wrongSalt.ok) throw new Error('derivation failed');
    const sealed = await encryptText(right.value, 'secret');
    for (const wrong of [wrongPassphrase.value, wrongSalt.value]) {
      expect(await decryptText(wrong, sealed)).toEqual({ ok: false, problem: 'wrong-passphrase-or-damaged' });
    }
  });
});

describe('deriveRawKey + importAesKey (for a lock that outlives a worker restart)', () => {
  it('gives the 32 bytes of the same key, importable as a non-extractable key', async () => {
    const raw = await deriveRawKey(PASSPHRASE, SALT);
    if (!raw.ok) throw new Error(raw.problem);
    expect(raw.value).toEqual(await pbkdf2Bits(PASSPHRASE, SALT, 600_000, 256));
    const key = await importAesKey(raw.value);
    expect(key.extractable).toBe(false);
  });
});
