import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSetupFileHeader } from '@/lib/setup-file/read-setup-file';
import { MAX_SETUP_FILE_BYTES } from '@/lib/setup-file/setup-file-schema';
import { FIXTURE_CONTENTS, loadSetupFixture } from '../fixtures/setup-file/load';
import { editJson, type EditableFile, type JsonObject } from './seal';

const valid = loadSetupFixture('valid.v1.json');
const edited = (edit: Parameters<typeof editJson>[1]) => editJson(valid, edit);

describe('readSetupFileHeader', () => {
  it('gives the clear part of a valid file, for the preview', () => {
    expect(readSetupFileHeader(valid)).toEqual({
      ok: true,
      value: { format: 'review-companion.setup', version: 1, workspace: FIXTURE_CONTENTS.workspace },
    });
  });

  it('normalises the addresses as the rest of the extension does', () => {
    const text = edited((file) => {
      file.workspace.projectApiUrl = 'https://Projects.Example.com/api/';
    });
    const header = readSetupFileHeader(text);
    expect(header.ok && header.value.workspace.projectApiUrl).toBe('https://projects.example.com/api');
  });

  it('accepts a byte order mark (an editor that saved the file again)', () => {
    expect(readSetupFileHeader(`\uFEFF${valid}`).ok).toBe(true);
  });

  it.each(['', 'not json', '{"format":', "{ format: 'review-companion.setup' }"])('%j is not JSON', (text) => {
    expect(readSetupFileHeader(text)).toEqual({ ok: false, problem: { code: 'not-json' } });
  });

  it.each([
    'null',
    '[]',
    '"review-companion.setup"',
    '42',
    '{}',
    '{"format":"review-companion.setup.v2"}',
    '{"format":"REVIEW-COMPANION.SETUP"}',
  ])('%j is another format', (text) => {
    expect(readSetupFileHeader(text)).toEqual({ ok: false, problem: { code: 'other-format' } });
  });

  it('refuses more than 64 KB before parsing, counting UTF-8 bytes', () => {
    const tooLarge = { ok: false, problem: { code: 'too-large', maxBytes: 65_536 } };
    expect(MAX_SETUP_FILE_BYTES).toBe(65_536);
    expect(readSetupFileHeader(valid.replace('{', `{${' '.repeat(MAX_SETUP_FILE_BYTES)}`))).toEqual(tooLarge);
    // 40,000 UTF-16 units, 80,000 bytes.
    expect(readSetupFileHeader(`"${'é'.repeat(40_000)}"`)).toEqual(tooLarge);
    const exactly = valid.replace('{', `{${' '.repeat(MAX_SETUP_FILE_BYTES - new TextEncoder().encode(valid).length)}`);
    expect(readSetupFileHeader(exactly).ok).toBe(true);
  });

  it.each([3, 4, 100])('asks to update the extension for version %i, whatever the rest holds', (version) => {
    const text = JSON.stringify({ format: 'review-companion.setup', version, something: 'new' });
    expect(readSetupFileHeader(text)).toEqual({
      ok: false,
      problem: { code: 'newer-version', version, supportedVersion: 2 },
    });
  });

  it.each<[string, (file: EditableFile) => void, string]>([
    ['version 0', (file) => (file.version = 0), 'version'],
    ['version 1.5', (file) => (file.version = 1.5), 'version'],
    ['version "1"', (file) => (file.version = '1'), 'version'],
    ['no version', (file) => delete (file as JsonObject).version, 'version'],
    ['no workspace', (file) => delete (file as JsonObject).workspace, 'workspace'],
    ['no kdf', (file) => delete (file as JsonObject).kdf, 'kdf'],
    ['an unknown top-level field', (file) => (file.comment = 'hi'), ''],
    ['an unknown workspace field', (file) => (file.workspace.color = 'red'), 'workspace'],
    ['an empty name', (file) => (file.workspace.name = ''), 'workspace.name'],
    ['a name with a line break', (file) => (file.workspace.name = 'a\nb'), 'workspace.name'],
    ['a name with a lone surrogate', (file) => (file.workspace.name = 'a\uD800b'), 'workspace.name'],
    ['a name of 101 characters', (file) => (file.workspace.name = 'x'.repeat(101)), 'workspace.name'],
    ['no project address', (file) => delete file.workspace.projectApiUrl, 'workspace.projectApiUrl'],
    [
      'an address with a tab',
      (file) => (file.workspace.projectApiUrl = 'https://projects.exa\tmple.com'),
      'workspace.projectApiUrl',
    ],
    ['another KDF', (file) => (file.kdf.name = 'PBKDF2-SHA1'), 'kdf.name'],
    ['599,999 iterations (a weakened file)', (file) => (file.kdf.iterations = 599_999), 'kdf.iterations'],
    ['1,000 iterations', (file) => (file.kdf.iterations = 1000), 'kdf.iterations'],
    [
      '10,000,001 iterations (a file that would hang the page)',
      (file) => (file.kdf.iterations = 10_000_001),
      'kdf.iterations',
    ],
    ['iterations as text', (file) => (file.kdf.iterations = '600000'), 'kdf.iterations'],
    ['a salt that is not base64', (file) => (file.kdf.salt = 'not base64'), 'kdf.salt'],
    ['an 8-byte salt', (file) => (file.kdf.salt = 'AAAAAAAAAAA='), 'kdf.salt'],
    ['another cipher', (file) => (file.cipher.name = 'AES-128-GCM'), 'cipher.name'],
    ['a 16-byte IV', (file) => (file.cipher.iv = 'AAAAAAAAAAAAAAAAAAAAAA=='), 'cipher.iv'],
    ['data shorter than a tag', (file) => (file.cipher.data = 'AAAA'), 'cipher.data'],
    ['base64url data', (file) => (file.cipher.data = String(file.cipher.data).replace(/\+/g, '-')), 'cipher.data'],
  ])('reports %s as damaged, naming the field', (_label, edit, path) => {
    expect(readSetupFileHeader(edited(edit))).toEqual({ ok: false, problem: { code: 'damaged', path } });
  });

  it.each<[string, (file: EditableFile) => void, string]>([
    [
      'plain http to a public host',
      (file) => (file.workspace.projectApiUrl = 'http://projects.example.com'),
      'projectApiUrl',
    ],
    [
      'an address with credentials',
      (file) => (file.workspace.projectApiUrl = 'https://u:p@projects.example.com'),
      'projectApiUrl',
    ],
    ['javascript:', (file) => (file.workspace.userGroupBaseUrl = 'javascript:alert(1)'), 'userGroupBaseUrl'],
    ['an empty user-group address', (file) => (file.workspace.userGroupBaseUrl = ''), 'userGroupBaseUrl'],
  ])('refuses %s with the rule every address follows', (_label, edit, field) => {
    expect(readSetupFileHeader(edited(edit))).toEqual({ ok: false, problem: { code: 'bad-address', field } });
  });

  it('never throws, whatever the text', () => {
    const texts = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .dictionary(fc.constantFrom('format', 'version', 'workspace', 'kdf', 'cipher'), fc.jsonValue())
        .map((value) => JSON.stringify({ format: 'review-companion.setup', ...value })),
    );
    fc.assert(
      fc.property(texts, (text) => {
        readSetupFileHeader(text);
      }),
    );
  });
});

// Issue 41, finding 5: version 2 carries the project link; version 1 has no such field.
describe('readSetupFileHeader and the project link', () => {
  const link = 'https://app.example.com/projects/{projectId}';

  it('gives a version 2 file’s link for the preview, trimmed', () => {
    const text = editJson(loadSetupFixture('with-project-link.v2.json'), (file) => {
      file.workspace.projectLink = ` ${link}`;
    });
    const header = readSetupFileHeader(text);
    expect(header.ok && header.value.workspace.projectLink).toBe(link);
    const empty = editJson(loadSetupFixture('with-project-link.v2.json'), (file) => {
      file.workspace.projectLink = '';
    });
    const none = readSetupFileHeader(empty);
    expect(none.ok && 'projectLink' in none.value.workspace).toBe(false);
  });

  it('refuses a link the Project link field would refuse, naming it', () => {
    const text = editJson(loadSetupFixture('with-project-link.v2.json'), (file) => {
      file.workspace.projectLink = 'https://app.example.com/projects/';
    });
    expect(readSetupFileHeader(text)).toEqual({ ok: false, problem: { code: 'bad-address', field: 'projectLink' } });
  });

  it('finds a version 1 file with a link damaged (version 1 has no such field)', () => {
    const text = edited((file) => {
      file.workspace.projectLink = link;
    });
    expect(readSetupFileHeader(text)).toEqual({ ok: false, problem: { code: 'damaged', path: 'workspace' } });
  });
});
