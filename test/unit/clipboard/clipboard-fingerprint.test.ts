// Copy token's clear compares the clipboard with a salted fingerprint of the token, never the token.
import { describe, expect, it } from 'vitest';
import { clipboardFingerprintSchema, fingerprintOf, isFingerprinted } from '@/lib/clipboard/clipboard-fingerprint';
import { sha256Hex } from '@/lib/hash/sha256';

const TOKEN = 'ugt_4f1c2b9e7a0d4c1f8e2b6a9d3c7f1e05';

describe('the fingerprint of a copied token', () => {
  it('matches that token only: not another text, not an empty clipboard', async () => {
    const fingerprint = await fingerprintOf(TOKEN);
    expect(await isFingerprinted(TOKEN, fingerprint)).toBe(true);
    expect(await isFingerprinted(`${TOKEN} `, fingerprint)).toBe(false);
    expect(await isFingerprinted('my own words', fingerprint)).toBe(false);
    expect(await isFingerprinted('', await fingerprintOf(''))).toBe(false);
  });

  it('holds neither the token nor its plain hash, and is new at each copy (a fresh salt)', async () => {
    const first = await fingerprintOf(TOKEN);
    const second = await fingerprintOf(TOKEN);
    const text = JSON.stringify([first, second]);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(await sha256Hex(TOKEN));
    expect(first.salt).not.toBe(second.salt);
    expect(first.digest).not.toBe(second.digest);
    expect(await isFingerprinted(TOKEN, second)).toBe(true);
  });

  it('is what the message schema accepts; a token in its place is refused', async () => {
    expect(clipboardFingerprintSchema.safeParse(await fingerprintOf(TOKEN)).success).toBe(true);
    expect(clipboardFingerprintSchema.safeParse({ salt: '0'.repeat(32), digest: TOKEN }).success).toBe(false);
    expect(clipboardFingerprintSchema.safeParse({ salt: TOKEN, digest: '0'.repeat(64) }).success).toBe(false);
    expect(clipboardFingerprintSchema.safeParse({ salt: '0'.repeat(32) }).success).toBe(false);
  });

  it('takes its salt from the source given (the platform’s CSPRNG by default)', async () => {
    const fixed = await fingerprintOf(TOKEN, (length) => new Uint8Array(length).fill(0xab));
    expect(fixed.salt).toBe('ab'.repeat(16));
    expect(fixed.digest).toBe(await sha256Hex(`${'ab'.repeat(16)}${TOKEN}`));
  });
});
