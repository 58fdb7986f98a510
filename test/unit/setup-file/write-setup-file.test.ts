import { describe, expect, it } from 'vitest';
import { decryptSetupFile } from '@/lib/setup-file/decrypt-setup-file';
import { writeSetupFile, type SetupFileInput } from '@/lib/setup-file/write-setup-file';
import { FIXTURE_CONTENTS, FIXTURE_PASSPHRASE } from '../fixtures/setup-file/load';

const input: SetupFileInput = { ...FIXTURE_CONTENTS, includeUserGroupApi: true };
const fixed = (length: number) => new Uint8Array(length).fill(length);

async function written(value: SetupFileInput, options = {}): Promise<string> {
  const result = await writeSetupFile(value, FIXTURE_PASSPHRASE, options);
  if (!result.ok) throw new Error(JSON.stringify(result.problem));
  return result.value;
}

describe('writeSetupFile', () => {
  it('writes a file that decrypts to the same workspace and secrets', async () => {
    expect(await decryptSetupFile(await written(input), FIXTURE_PASSPHRASE)).toEqual({
      ok: true,
      value: FIXTURE_CONTENTS,
    });
  });

  it('leaves the user-group API out unless asked, even when the workspace has it', async () => {
    const text = await written({ ...input, includeUserGroupApi: false });
    expect(text).not.toContain('userGroupBaseUrl');
    const { name, projectApiUrl } = FIXTURE_CONTENTS.workspace;
    const { apiKey, authToken } = FIXTURE_CONTENTS.secrets;
    const workspace = { name, projectApiUrl };
    const secrets = { apiKey, authToken };
    expect(await decryptSetupFile(text, FIXTURE_PASSPHRASE)).toEqual({ ok: true, value: { workspace, secrets } });
  });

  it('is pretty-printed JSON in the documented field order, with the secrets only in the ciphertext', async () => {
    const text = await written(input);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "format": "review-companion.setup",\n  "version": 1,\n');
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['format', 'version', 'workspace', 'kdf', 'cipher']);
    for (const secret of Object.values(FIXTURE_CONTENTS.secrets)) expect(text).not.toContain(secret);
  });

  it('uses 600,000 iterations and fresh randomness by default', async () => {
    type Written = { kdf: { salt: string }; cipher: { iv: string } };
    const [first, second] = [JSON.parse(await written(input)) as Written, JSON.parse(await written(input)) as Written];
    expect(first).toMatchObject({ kdf: { iterations: 600_000 } });
    expect(first.kdf.salt).not.toBe(second.kdf.salt);
    expect(first.cipher.iv).not.toBe(second.cipher.iv);
  });

  it('is reproducible with injected randomness (16-byte salt, then 12-byte IV)', async () => {
    const text = await written(input, { randomBytes: fixed });
    expect(await written(input, { randomBytes: fixed })).toBe(text);
    expect(JSON.parse(text)).toMatchObject({
      kdf: { salt: 'EBAQEBAQEBAQEBAQEBAQEA==' },
      cipher: { iv: 'DAwMDAwMDAwMDAwM' },
    });
  });

  it('may raise the iteration count, never lower it', async () => {
    expect(JSON.parse(await written(input, { iterations: 700_000 }))).toMatchObject({ kdf: { iterations: 700_000 } });
    expect(JSON.parse(await written(input, { iterations: 1000 }))).toMatchObject({ kdf: { iterations: 600_000 } });
    const tooMany = await writeSetupFile(input, FIXTURE_PASSPHRASE, { iterations: 20_000_000 });
    expect(tooMany).toEqual({ ok: false, problem: { code: 'invalid-input', path: 'iterations' } });
  });

  it('writes normalised addresses', async () => {
    const workspace = {
      ...input.workspace,
      projectApiUrl: ' https://Projects.Example.com/api/ ',
      userGroupBaseUrl: 'https://groups.example.com/',
    };
    expect(JSON.parse(await written({ ...input, workspace }))).toMatchObject({
      workspace: { projectApiUrl: 'https://projects.example.com/api', userGroupBaseUrl: 'https://groups.example.com' },
    });
  });

  it.each([
    ['11 characters', 'elevenchars'],
    ['empty', ''],
  ])('refuses a weak passphrase (%s)', async (_label, passphrase) => {
    expect(await writeSetupFile(input, passphrase)).toEqual({
      ok: false,
      problem: { code: 'weak-passphrase', reason: 'too-short' },
    });
  });

  it.each([
    ['plain http to a public host', { projectApiUrl: 'http://projects.example.com' }, 'projectApiUrl'],
    ['a project address with a query', { projectApiUrl: 'https://p.example.com/?k=1' }, 'projectApiUrl'],
    ['no user-group address though the API is included', { userGroupBaseUrl: undefined }, 'userGroupBaseUrl'],
    ['a user-group address that is not one', { userGroupBaseUrl: 'groups' }, 'userGroupBaseUrl'],
  ])('refuses %s', async (_label, change, field) => {
    const result = await writeSetupFile({ ...input, workspace: { ...input.workspace, ...change } }, FIXTURE_PASSPHRASE);
    expect(result).toEqual({ ok: false, problem: { code: 'bad-address', field } });
  });

  it.each([
    ['an empty name', { workspace: { ...input.workspace, name: '  ' } }, 'workspace.name'],
    ['a name with a line break', { workspace: { ...input.workspace, name: 'Acme\nreviews' } }, 'workspace.name'],
    ['a name of 101 characters', { workspace: { ...input.workspace, name: 'x'.repeat(101) } }, 'workspace.name'],
    [
      'no API token though the user-group API is included',
      { secrets: { ...input.secrets, apiToken: undefined } },
      'secrets.apiToken',
    ],
    ['an empty API key', { secrets: { ...input.secrets, apiKey: '' } }, 'secrets.apiKey'],
    ['an auth token with a line break', { secrets: { ...input.secrets, authToken: 'a\nb' } }, 'secrets.authToken'],
  ])('refuses %s', async (_label, change, path) => {
    expect(await writeSetupFile({ ...input, ...change }, FIXTURE_PASSPHRASE)).toEqual({
      ok: false,
      problem: { code: 'invalid-input', path },
    });
  });
});

// Issue 41, finding 5: the project link travels in the file (version 2); without one, version 1.
describe('writeSetupFile and the project link', () => {
  const link = 'https://app.example.com/projects/{projectId}';

  it('writes version 1 without a link, so that earlier builds read it', async () => {
    for (const projectLink of [undefined, '', '  ']) {
      const text = await written({ ...input, workspace: { ...input.workspace, projectLink } });
      expect(JSON.parse(text)).toMatchObject({ version: 1 });
      expect(text).not.toContain('projectLink');
    }
  });

  it('writes version 2 with the link, trimmed, in the clear part; it decrypts to the same', async () => {
    const text = await written({ ...input, workspace: { ...input.workspace, projectLink: ` ${link} ` } });
    expect(JSON.parse(text)).toMatchObject({ version: 2, workspace: { projectLink: link } });
    expect(await decryptSetupFile(text, FIXTURE_PASSPHRASE)).toEqual({
      ok: true,
      value: { ...FIXTURE_CONTENTS, workspace: { ...FIXTURE_CONTENTS.workspace, projectLink: link } },
    });
  });

  it('refuses a link the Project link field would refuse', async () => {
    const result = await writeSetupFile(
      { ...input, workspace: { ...input.workspace, projectLink: 'http://reviews.example.com/{projectId}' } },
      FIXTURE_PASSPHRASE,
    );
    expect(result).toEqual({ ok: false, problem: { code: 'bad-address', field: 'projectLink' } });
  });
});
