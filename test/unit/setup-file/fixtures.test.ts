import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptSetupFile } from '@/lib/setup-file/decrypt-setup-file';
import { readSetupFileHeader } from '@/lib/setup-file/read-setup-file';
import { writeSetupFile } from '@/lib/setup-file/write-setup-file';
import {
  FIXTURE_CONTENTS,
  FIXTURE_PASSPHRASE,
  fixturePath,
  loadSetupFixture,
  PROJECT_ONLY_CONTENTS,
  WITH_PROJECT_LINK_CONTENTS,
} from '../fixtures/setup-file/load';

// The committed files pin the format: a build that can no longer read them breaks every file admins
// have already sent. Rewrite them only for a new format version (and keep the old ones):
// WRITE_SETUP_FIXTURES=1 npx vitest run test/unit/setup-file/fixtures.test.ts
// Otherwise the writer writes into a temporary folder, and what it wrote is checked like the fixtures.
const outDir =
  process.env.WRITE_SETUP_FIXTURES === '1' ? undefined : mkdtempSync(path.join(tmpdir(), 'setup-fixtures-'));
const outPath = (name: string) => (outDir ? path.join(outDir, name) : fixturePath(name));

describe('writing the fixtures', () => {
  it('writes valid, project-only, with-project-link, tampered, newer-version and other-format files that read as they should', async () => {
    const valid = await writeSetupFile({ ...FIXTURE_CONTENTS, includeUserGroupApi: true }, FIXTURE_PASSPHRASE);
    const projectOnly = await writeSetupFile(
      { ...PROJECT_ONLY_CONTENTS, includeUserGroupApi: false },
      FIXTURE_PASSPHRASE,
    );
    const withLink = await writeSetupFile(
      { ...WITH_PROJECT_LINK_CONTENTS, includeUserGroupApi: false },
      FIXTURE_PASSPHRASE,
    );
    if (!valid.ok || !projectOnly.ok || !withLink.ok) throw new Error('could not write the fixtures');
    writeFileSync(outPath('valid.v1.json'), valid.value);
    writeFileSync(outPath('project-only.v1.json'), projectOnly.value);
    writeFileSync(outPath('with-project-link.v2.json'), withLink.value);
    // The attack the AAD stops: the secrets sent to another server by editing an address in the clear.
    writeFileSync(
      outPath('tampered.v1.json'),
      valid.value.replace('https://projects.example.com/api', 'https://projects.attacker.example/api'),
    );
    const file = JSON.parse(valid.value) as Record<string, unknown>;
    const newer = {
      ...file,
      version: 3,
      kdf: { name: 'Argon2id', memoryKiB: 65536, passes: 3, salt: 'AAAAAAAAAAAAAAAAAAAAAA==' },
    };
    writeFileSync(outPath('newer-version.v3.json'), `${JSON.stringify(newer, null, 2)}\n`);
    const registry = {
      format: 'review-companion.user-groups',
      version: 1,
      exportedAt: '2025-01-15T09:30:00.000Z',
      groups: [],
    };
    writeFileSync(outPath('other-format.json'), `${JSON.stringify(registry, null, 2)}\n`);
    const written = (name: string) => readFileSync(outPath(name), 'utf8');
    expect(await decryptSetupFile(written('valid.v1.json'), FIXTURE_PASSPHRASE)).toEqual({
      ok: true,
      value: FIXTURE_CONTENTS,
    });
    expect(await decryptSetupFile(written('project-only.v1.json'), FIXTURE_PASSPHRASE)).toEqual({
      ok: true,
      value: PROJECT_ONLY_CONTENTS,
    });
    expect(await decryptSetupFile(written('with-project-link.v2.json'), FIXTURE_PASSPHRASE)).toEqual({
      ok: true,
      value: WITH_PROJECT_LINK_CONTENTS,
    });
    expect(await decryptSetupFile(written('tampered.v1.json'), FIXTURE_PASSPHRASE)).toMatchObject({
      ok: false,
      problem: { code: 'wrong-passphrase-or-damaged' },
    });
    expect(readSetupFileHeader(written('newer-version.v3.json'))).toMatchObject({
      ok: false,
      problem: { code: 'newer-version' },
    });
    expect(readSetupFileHeader(written('other-format.json'))).toMatchObject({
      ok: false,
      problem: { code: 'other-format' },
    });
  });
});

describe('the committed fixtures', () => {
  it('valid.v1.json decrypts with the known passphrase to the known contents', async () => {
    expect(await decryptSetupFile(loadSetupFixture('valid.v1.json'), FIXTURE_PASSPHRASE)).toEqual({
      ok: true,
      value: FIXTURE_CONTENTS,
    });
  });

  it('project-only.v1.json has no user-group address and no API token', async () => {
    const text = loadSetupFixture('project-only.v1.json');
    expect(text).not.toContain('userGroupBaseUrl');
    expect(await decryptSetupFile(text, FIXTURE_PASSPHRASE)).toEqual({ ok: true, value: PROJECT_ONLY_CONTENTS });
  });

  it('valid.v1.json is at the default 600,000 iterations and holds no secret in clear', () => {
    const text = loadSetupFixture('valid.v1.json');
    expect(JSON.parse(text)).toMatchObject({
      kdf: { name: 'PBKDF2-SHA256', iterations: 600_000 },
      cipher: { name: 'AES-256-GCM' },
    });
    for (const secret of Object.values(FIXTURE_CONTENTS.secrets)) expect(text).not.toContain(secret);
  });

  it('tampered.v1.json previews (its clear part is well-formed) but never decrypts', async () => {
    const text = loadSetupFixture('tampered.v1.json');
    const header = readSetupFileHeader(text);
    expect(header.ok && header.value.workspace.projectApiUrl).toBe('https://projects.attacker.example/api');
    expect(await decryptSetupFile(text, FIXTURE_PASSPHRASE)).toEqual({
      ok: false,
      problem: { code: 'wrong-passphrase-or-damaged' },
    });
  });

  // Issue 41, finding 5: a setup file carries the project link, so that a reviewer set up from it sees
  // Open project; a file without one stays version 1, which earlier builds read.
  it('with-project-link.v2.json carries the project link in its clear part, bound to the secrets', async () => {
    const text = loadSetupFixture('with-project-link.v2.json');
    expect(JSON.parse(text)).toMatchObject({
      version: 2,
      workspace: { projectLink: WITH_PROJECT_LINK_CONTENTS.workspace.projectLink },
    });
    expect(await decryptSetupFile(text, FIXTURE_PASSPHRASE)).toEqual({ ok: true, value: WITH_PROJECT_LINK_CONTENTS });
    const elsewhere = text.replace('https://app.example.com/projects/', 'https://app.attacker.example/projects/');
    expect(await decryptSetupFile(elsewhere, FIXTURE_PASSPHRASE)).toEqual({
      ok: false,
      problem: { code: 'wrong-passphrase-or-damaged' },
    });
  });

  it('the version 1 files (written before the project link) still read', async () => {
    for (const name of ['valid.v1.json', 'project-only.v1.json'])
      expect(JSON.parse(loadSetupFixture(name)), name).toMatchObject({ version: 1 });
    expect(await decryptSetupFile(loadSetupFixture('project-only.v1.json'), FIXTURE_PASSPHRASE)).toEqual({
      ok: true,
      value: PROJECT_ONLY_CONTENTS,
    });
  });

  it('newer-version.v3.json asks for an update, even though its fields are unknown to version 2', () => {
    const problem = { code: 'newer-version', version: 3, supportedVersion: 2 };
    expect(readSetupFileHeader(loadSetupFixture('newer-version.v3.json'))).toEqual({ ok: false, problem });
  });

  it('other-format.json (a user-group registry export) is another format', async () => {
    const text = loadSetupFixture('other-format.json');
    expect(readSetupFileHeader(text)).toEqual({ ok: false, problem: { code: 'other-format' } });
    expect(await decryptSetupFile(text, FIXTURE_PASSPHRASE)).toEqual({ ok: false, problem: { code: 'other-format' } });
  });
});
