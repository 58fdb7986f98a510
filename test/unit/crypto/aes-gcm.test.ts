import { beforeAll, describe, expect, it } from 'vitest';
import { decryptBytes, decryptText, encryptBytes, encryptText, IV_BYTES } from '@/lib/crypto/aes-gcm';
import { base64ToBytes, bytesToBase64 } from '@/lib/crypto/base64';
import { importAesKey } from '@/lib/crypto/kdf';
import { flipped, fromHex, toHex, utf8 } from './hex';

// The GCM specification's AES-256 test cases (McGrew & Viega, "The Galois/Counter Mode of Operation",
// test cases 13-16; the same values are in NIST's CAVP GCM vectors).
const K = 'feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308';
const IV = 'cafebabefacedbaddecaf888';
const P =
  'd9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39';
const C =
  '522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662';
const VECTORS = [
  {
    name: 'case 13: zero key, empty plaintext',
    key: '00'.repeat(32),
    iv: '00'.repeat(12),
    plain: '',
    aad: '',
    sealed: '530f8afbc74536b9a963b4f1c4cb738b',
  },
  {
    name: 'case 14: zero key, one zero block',
    key: '00'.repeat(32),
    iv: '00'.repeat(12),
    plain: '00'.repeat(16),
    aad: '',
    sealed: 'cea7403d4d606b6e074ec5d3baf39d18' + 'd0d1c8a799996bf0265b98b5d48ab919',
  },
  {
    name: 'case 15: 64 bytes, no AAD',
    key: K,
    iv: IV,
    plain: `${P}1aafd255`,
    aad: '',
    sealed: `${C}898015ad` + 'b094dac5d93471bdec1a502270e3cc6c',
  },
  {
    name: 'case 16: 60 bytes with 20 bytes of AAD',
    key: K,
    iv: IV,
    plain: P,
    aad: 'feedfacedeadbeeffeedfacedeadbeefabaddad2',
    sealed: `${C}76fc6ece0f4e1768cddf8853bb2d551b`,
  },
];

describe('AES-256-GCM known answers', () => {
  it.each(VECTORS)(
    '$name: encrypts to ciphertext + tag, and decrypts back',
    async ({ key, iv, plain, aad, sealed }) => {
      const cryptoKey = await importAesKey(fromHex(key));
      const additional = aad ? fromHex(aad) : undefined;
      expect(toHex(await encryptBytes(cryptoKey, fromHex(iv), fromHex(plain), additional))).toBe(sealed);
      const opened = await decryptBytes(cryptoKey, fromHex(iv), fromHex(sealed), additional);
      expect(opened.ok && toHex(opened.value)).toBe(plain);
    },
  );
});

describe('encryptText / decryptText', () => {
  let key: CryptoKey;
  let otherKey: CryptoKey;
  const aad = utf8('{"format":"review-companion.setup","version":1}');
  beforeAll(async () => {
    key = await importAesKey(fromHex(K));
    otherKey = await importAesKey(fromHex('00'.repeat(32)));
  });

  it.each(['', 'secret', '{"apiKey":"k","authToken":"t"}', 'ünïcödé ✓ 😀'])('round-trips %j', async (text) => {
    expect(await decryptText(key, await encryptText(key, text, { aad }), aad)).toEqual({ ok: true, value: text });
    expect(await decryptText(key, await encryptText(key, text))).toEqual({ ok: true, value: text });
  });

  it('uses a fresh 96-bit IV every time, so one text never encrypts the same way twice', async () => {
    const first = await encryptText(key, 'same');
    const second = await encryptText(key, 'same');
    expect(base64ToBytes(first.iv)).toHaveLength(IV_BYTES);
    expect(first.iv).not.toBe(second.iv);
    expect(first.data).not.toBe(second.data);
  });

  it('appends a 128-bit tag', async () => {
    expect(base64ToBytes((await encryptText(key, 'abc')).data)).toHaveLength(3 + 16);
  });

  it('fails, without throwing, for the wrong key', async () => {
    const sealed = await encryptText(key, 'secret', { aad });
    expect(await decryptText(otherKey, sealed, aad)).toEqual({ ok: false, problem: 'wrong-passphrase-or-damaged' });
  });

  it('fails when any single byte of the ciphertext, tag, IV or AAD changes, or the AAD is left out', async () => {
    const sealed = await encryptText(key, 'a secret worth protecting', { aad });
    const iv = base64ToBytes(sealed.iv)!;
    const data = base64ToBytes(sealed.data)!;
    const wrong = { ok: false, problem: 'wrong-passphrase-or-damaged' };
    for (let index = 0; index < data.length; index++) {
      expect(await decryptText(key, { iv: sealed.iv, data: bytesToBase64(flipped(data, index)) }, aad)).toEqual(wrong);
    }
    for (let index = 0; index < iv.length; index++) {
      expect(await decryptText(key, { iv: bytesToBase64(flipped(iv, index)), data: sealed.data }, aad)).toEqual(wrong);
    }
    for (let index = 0; index < aad.length; index++) {
      expect(await decryptText(key, sealed, flipped(aad, index))).toEqual(wrong);
    }
    expect(await decryptText(key, sealed)).toEqual(wrong);
    expect(await decryptText(key, sealed, new Uint8Array([...aad, 0x20]))).toEqual(wrong);
  });

  it.each([
    ['IV that is not base64', { iv: 'not base64!', data: 'AAAAAAAAAAAAAAAAAAAAAA==' }],
    ['data that is not base64', { iv: 'AAAAAAAAAAAAAAAA', data: '%%%' }],
    ['IV of 16 bytes', { iv: 'AAAAAAAAAAAAAAAAAAAAAA==', data: 'AAAAAAAAAAAAAAAAAAAAAA==' }],
    ['IV of 8 bytes', { iv: 'AAAAAAAAAAA=', data: 'AAAAAAAAAAAAAAAAAAAAAA==' }],
    ['data shorter than the tag', { iv: 'AAAAAAAAAAAAAAAA', data: 'AAAA' }],
  ])('reports an envelope with an %s as damaged', async (_label, envelope) => {
    expect(await decryptText(key, envelope)).toEqual({ ok: false, problem: 'damaged' });
  });

  it('reports authentic bytes that are not UTF-8 as damaged', async () => {
    const iv = new Uint8Array(IV_BYTES);
    const data = await encryptBytes(key, iv, new Uint8Array([0xff, 0xfe]));
    expect(await decryptText(key, { iv: bytesToBase64(iv), data: bytesToBase64(data) })).toEqual({
      ok: false,
      problem: 'damaged',
    });
  });

  it('takes the IV from the injected source', async () => {
    const sealed = await encryptText(key, 'x', { randomBytes: (length) => new Uint8Array(length).fill(7) });
    expect(sealed.iv).toBe(bytesToBase64(new Uint8Array(IV_BYTES).fill(7)));
  });
});
