import { beforeAll, describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from '@/lib/crypto/base64';
import { decryptSetupFile } from '@/lib/setup-file/decrypt-setup-file';
import type { SetupFileHeader } from '@/lib/setup-file/setup-file-schema';
import { writeSetupFile } from '@/lib/setup-file/write-setup-file';
import { flipped } from '../crypto/hex';
import {
  FIXTURE_CONTENTS,
  FIXTURE_PASSPHRASE,
  loadSetupFixture,
  PROJECT_ONLY_CONTENTS,
} from '../fixtures/setup-file/load';
import { editJson, makeSealer, SEAL_PASSPHRASE, type EditableFile } from './seal';

const valid = loadSetupFixture('valid.v1.json');
const projectOnly = loadSetupFixture('project-only.v1.json');
const wrong = { ok: false, problem: { code: 'wrong-passphrase-or-damaged' } };

/** The fixture with one byte of a base64 field flipped. */
const flippedField = (section: 'kdf' | 'cipher', field: 'salt' | 'iv' | 'data', index: number) =>
  editJson(valid, (file) => {
    file[section][field] = bytesToBase64(flipped(base64ToBytes(String(file[section][field]))!, index));
  });

describe('decryptSetupFile: wrong passphrase', () => {
  it.each(['correct horse battery stapler', 'Correct horse battery staple', 'correct horse battery staple ', ''])(
    '%j fails, and says it may be the passphrase or the file',
    async (passphrase) => {
      expect(await decryptSetupFile(valid, passphrase)).toEqual(wrong);
    },
  );

  it('accepts the passphrase however its accents were typed (NFC)', async () => {
    const written = await writeSetupFile(
      { ...FIXTURE_CONTENTS, includeUserGroupApi: true },
      'd\u00e9j\u00e0 vu, encore',
    );
    if (!written.ok) throw new Error('not written');
    expect((await decryptSetupFile(written.value, 'de\u0301ja\u0300 vu, encore')).ok).toBe(true);
  });
});

describe('decryptSetupFile: a changed clear field fails (the AAD)', () => {
  it.each<[string, string, (file: EditableFile) => void]>([
    ['the name', valid, (file) => (file.workspace.name = 'Acme Reviews')],
    ['the project address', valid, (file) => (file.workspace.projectApiUrl = 'https://projects.attacker.example/api')],
    ['the user-group address', valid, (file) => (file.workspace.userGroupBaseUrl = 'https://groups.attacker.example')],
    [
      'the project address, even to an equivalent spelling',
      valid,
      (file) => (file.workspace.projectApiUrl = 'https://projects.example.com/api/'),
    ],
    ['a removed user-group address', valid, (file) => delete file.workspace.userGroupBaseUrl],
    [
      'an added user-group address',
      projectOnly,
      (file) => (file.workspace.userGroupBaseUrl = 'https://groups.attacker.example'),
    ],
    ['the iteration count (another key)', valid, (file) => (file.kdf.iterations = 600_001)],
  ])('%s', async (_label, text, edit) => {
    expect(await decryptSetupFile(editJson(text, edit), FIXTURE_PASSPHRASE)).toEqual(wrong);
  });

  it('but not the JSON layout: key order and white space are free', async () => {
    const compact = JSON.stringify(JSON.parse(valid) as object);
    const reordered = editJson(valid, (file) => {
      file.workspace = {
        userGroupBaseUrl: file.workspace.userGroupBaseUrl,
        projectApiUrl: file.workspace.projectApiUrl,
        name: file.workspace.name,
      };
    });
    expect((await decryptSetupFile(compact, FIXTURE_PASSPHRASE)).ok).toBe(true);
    expect((await decryptSetupFile(reordered, FIXTURE_PASSPHRASE)).ok).toBe(true);
  });
});

describe('decryptSetupFile: a flipped byte fails', () => {
  it('in every byte of the salt and the IV', { timeout: 30_000 }, async () => {
    for (let index = 0; index < 16; index++)
      expect(await decryptSetupFile(flippedField('kdf', 'salt', index), FIXTURE_PASSPHRASE)).toEqual(wrong);
    for (let index = 0; index < 12; index++)
      expect(await decryptSetupFile(flippedField('cipher', 'iv', index), FIXTURE_PASSPHRASE)).toEqual(wrong);
  });

  it('in the ciphertext and the tag (each byte is covered in aes-gcm.test.ts)', async () => {
    const length = base64ToBytes((JSON.parse(valid) as { cipher: { data: string } }).cipher.data)!.length;
    for (const index of [0, Math.floor(length / 2), length - 17, length - 16, length - 1]) {
      expect(await decryptSetupFile(flippedField('cipher', 'data', index), FIXTURE_PASSPHRASE)).toEqual(wrong);
    }
  });
});

describe('decryptSetupFile: what the secrets must be', () => {
  let seal: (header: SetupFileHeader, plaintext: string) => Promise<string>;
  beforeAll(async () => {
    seal = await makeSealer();
  });
  const both: SetupFileHeader = { format: 'review-companion.setup', version: 1, workspace: FIXTURE_CONTENTS.workspace };
  const projectOnlyHeader: SetupFileHeader = { ...both, workspace: PROJECT_ONLY_CONTENTS.workspace };

  it('returns normalised addresses from a file another tool wrote with a trailing slash', async () => {
    const workspace = { ...FIXTURE_CONTENTS.workspace, projectApiUrl: 'https://projects.example.com/api/' };
    const text = await seal({ ...both, workspace }, JSON.stringify(FIXTURE_CONTENTS.secrets));
    expect(await decryptSetupFile(text, SEAL_PASSPHRASE)).toEqual({ ok: true, value: FIXTURE_CONTENTS });
  });

  it.each<[string, SetupFileHeader, string, string]>([
    ['not JSON', both, 'apiKey=1', ''],
    ['a JSON array', both, '[]', ''],
    ['no API key', both, '{"authToken":"t","apiToken":"a"}', 'apiKey'],
    ['an empty auth token', both, '{"apiKey":"k","authToken":"","apiToken":"a"}', 'authToken'],
    ['an unknown field', both, '{"apiKey":"k","authToken":"t","apiToken":"a","password":"p"}', ''],
    ['no API token for the user-group address', both, '{"apiKey":"k","authToken":"t"}', 'apiToken'],
    [
      'an API token without a user-group address',
      projectOnlyHeader,
      '{"apiKey":"k","authToken":"t","apiToken":"a"}',
      'apiToken',
    ],
  ])('refuses secrets that are %s', async (_label, header, plaintext, path) => {
    expect(await decryptSetupFile(await seal(header, plaintext), SEAL_PASSPHRASE)).toEqual({
      ok: false,
      problem: { code: 'bad-secrets', path },
    });
  });

  it('reports the header problems without deriving a key', async () => {
    expect(await decryptSetupFile('{', FIXTURE_PASSPHRASE)).toEqual({ ok: false, problem: { code: 'not-json' } });
    expect(await decryptSetupFile(loadSetupFixture('newer-version.v3.json'), FIXTURE_PASSPHRASE)).toMatchObject({
      problem: { code: 'newer-version' },
    });
  });
});
