// Setup files through the background (design.md §8): the export carries secrets only as ciphertext,
// an import that cannot be decrypted writes nothing, and replacing a same-name workspace keeps its data.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { decryptSetupFile } from '@/lib/setup-file/decrypt-setup-file';
import { workspaceIndexSchema } from '@/lib/storage/workspaces/workspace-index-schema';
import { withText } from '../helpers/error-text';
import { expectOk } from '../helpers/results';
import { ACCOUNTS, keysOf, seedTwoWorkspaces, startBackground, WORKSPACE_A, WORKSPACE_B } from './background-fixture';

const PASSPHRASE = 'correct horse battery staple';
const storedIndex = async () =>
  workspaceIndexSchema.parse((await fakeBrowser.storage.local.get('workspaces')).workspaces);
/** Every stored value but the activity log (an attempt that writes nothing is still recorded there). */
const everything = async () => ({
  ...Object.fromEntries(
    Object.entries(await fakeBrowser.storage.local.get(null)).filter(([key]) => !key.startsWith('activityLog')),
  ),
  session: await fakeBrowser.storage.session.get(null),
});

let background: ReturnType<typeof startBackground>;

beforeEach(async () => {
  fakeBrowser.reset();
  await seedTwoWorkspaces();
  background = startBackground();
});

async function exportA(includeUserGroupApi = false): Promise<string> {
  return expectOk(
    await background.send('exportSetupFile', { workspaceId: WORKSPACE_A, passphrase: PASSPHRASE, includeUserGroupApi }),
  ).text;
}

describe('exportSetupFile', () => {
  it('returns a file with no secret in clear, which decrypts back to the workspace’s project API secrets', async () => {
    const text = await exportA();
    for (const secret of Object.values(ACCOUNTS.a.credentials)) expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toMatchObject({
      workspace: { name: 'Acme', projectApiUrl: ACCOUNTS.a.settings.projectApiUrl },
    });
    expect(JSON.parse(text)).not.toHaveProperty('workspace.userGroupBaseUrl');
    const contents = await decryptSetupFile(text, PASSPHRASE);
    expect(contents).toMatchObject({
      ok: true,
      value: { secrets: { apiKey: 'acme-api-key-2222', authToken: 'acme-auth-token-3333' } },
    });
    expect(contents.ok && contents.value.secrets.apiToken).toBeUndefined();
  });

  it('includes the user group API when asked', async () => {
    const contents = await decryptSetupFile(await exportA(true), PASSPHRASE);
    expect(contents).toMatchObject({
      ok: true,
      value: {
        workspace: { userGroupBaseUrl: ACCOUNTS.a.settings.userGroupBaseUrl },
        secrets: { apiToken: 'acme-api-token-1111' },
      },
    });
  });

  it('refuses a weak passphrase and a workspace without the project API', async () => {
    expect(
      await background.send('exportSetupFile', {
        workspaceId: WORKSPACE_A,
        passphrase: 'short',
        includeUserGroupApi: false,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'passphrase' },
    });
    expectOk(
      await background.send('saveConnection', {
        workspaceId: WORKSPACE_B,
        ...ACCOUNTS.b.settings,
        projectApiUrl: '',
        apiToken: '',
        apiKey: '',
        authToken: '',
      }),
    );
    expect(
      await background.send('exportSetupFile', {
        workspaceId: WORKSPACE_B,
        passphrase: PASSPHRASE,
        includeUserGroupApi: false,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'NOT_CONFIGURED' },
    });
  });
});

describe('importSetupFile', () => {
  it('adds a new workspace with the file’s connection and secrets, made the last used one', async () => {
    const text = await exportA();
    expectOk(await background.send('renameWorkspace', { workspaceId: WORKSPACE_A, name: 'Acme (old)' }));
    const imported = expectOk(
      await background.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: false }),
    );
    // The addresses the passphrase authenticated: the page asks host access for these, and only now.
    expect(imported).toMatchObject({
      status: 'imported',
      replaced: false,
      workspace: { name: 'Acme' },
      addresses: { projectApiUrl: ACCOUNTS.a.settings.projectApiUrl, userGroupBaseUrl: '' },
    });
    const id = imported.status === 'imported' ? imported.workspace.id : '';
    expect((await storedIndex()).workspaces.map((workspace) => workspace.name)).toEqual([
      'Acme (old)',
      'Globex',
      'Acme',
    ]);
    expect((await fakeBrowser.storage.local.get('lastUsedWorkspace')).lastUsedWorkspace).toBe(id);
    expectOk(
      await background.send('createProject', {
        workspaceId: id,
        projectUrl: 'https://site.example.org/p',
        projectName: 'P',
      }),
    );
    expect(background.services.projectApi.createProject).toHaveBeenLastCalledWith(
      expect.objectContaining({
        projectApiUrl: ACCOUNTS.a.settings.projectApiUrl,
        apiKey: 'acme-api-key-2222',
        authToken: 'acme-auth-token-3333',
        apiToken: '',
      }),
      expect.anything(),
    );
  });

  // Issue 41, finding 5: the project link travels with the file, so that a reviewer sees Open project.
  it('carries the workspace’s project link: a new workspace and a replaced one get it, the popup’s status offers it', async () => {
    const link = 'https://app.acme.example/projects/{projectId}';
    expect(JSON.parse(await exportA())).toMatchObject({ version: 1 });
    expectOk(
      await background.send('saveConnection', {
        workspaceId: WORKSPACE_A,
        ...ACCOUNTS.a.settings,
        apiKey: '',
        authToken: '',
        apiToken: '',
        projectLink: link,
      }),
    );
    const text = await exportA();
    expect(JSON.parse(text)).toMatchObject({ version: 2, workspace: { projectLink: link } });

    expectOk(await background.send('renameWorkspace', { workspaceId: WORKSPACE_A, name: 'Acme (old)' }));
    const imported = expectOk(
      await background.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: false }),
    );
    const id = imported.status === 'imported' ? imported.workspace.id : '';
    expect(expectOk(await background.send('getConnectionStatus', { workspaceId: id })).projectLink).toBe(link);

    // Replacing a workspace of the same name sets its link too.
    expectOk(await background.send('deleteWorkspace', { workspaceId: id }));
    expectOk(await background.send('renameWorkspace', { workspaceId: WORKSPACE_B, name: 'Acme' }));
    expect(expectOk(await background.send('getConnectionStatus', { workspaceId: WORKSPACE_B })).projectLink).toBe(
      undefined,
    );
    expectOk(await background.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: true }));
    expect(expectOk(await background.send('getConnectionStatus', { workspaceId: WORKSPACE_B })).projectLink).toBe(link);
  });

  it('a wrong passphrase, a changed address and a file that is not a setup file write nothing', async () => {
    const text = await exportA();
    expectOk(await background.send('renameWorkspace', { workspaceId: WORKSPACE_A, name: 'Acme (old)' }));
    const before = await everything();
    const tampered = text.replace('projects.acme.example', 'projects.evil.example');
    for (const [file, passphrase, problem] of [
      [text, 'a wrong passphrase!', 'wrong-passphrase-or-damaged'],
      [tampered, PASSPHRASE, 'wrong-passphrase-or-damaged'],
      ['{"groups": []}', PASSPHRASE, 'other-format'],
      ['not json', PASSPHRASE, 'not-json'],
    ] as const) {
      expect(expectOk(await background.send('importSetupFile', { text: file, passphrase, replace: false }))).toEqual({
        status: 'problem',
        problem,
      });
    }
    expect(await everything()).toEqual(before);
  });

  it('a workspace of the same name is reported, not touched; replacing it keeps its registry and history', async () => {
    const text = await exportA();
    expectOk(
      await background.send('createUserGroup', {
        workspaceId: WORKSPACE_A,
        name: 'Team',
        userGroupId: 'team-1',
        environment: 'Customer',
      }),
    );
    expectOk(
      await background.send('saveConnection', {
        workspaceId: WORKSPACE_A,
        ...ACCOUNTS.a.settings,
        apiKey: 'changed-key-0000',
        authToken: '',
        apiToken: '',
      }),
    );
    const before = await keysOf(WORKSPACE_A);
    const asked = expectOk(await background.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: false }));
    // Replacing would change the address: the page shows both before asking (issue 24, finding 8).
    expect(asked).toMatchObject({
      status: 'exists',
      workspace: { id: WORKSPACE_A },
      current: {
        projectApiUrl: ACCOUNTS.a.settings.projectApiUrl,
        userGroupBaseUrl: ACCOUNTS.a.settings.userGroupBaseUrl,
      },
      incoming: { projectApiUrl: ACCOUNTS.a.settings.projectApiUrl, userGroupBaseUrl: '' },
    });
    expect(await keysOf(WORKSPACE_A)).toEqual(before);

    const replaced = expectOk(
      await background.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: true }),
    );
    expect(replaced).toMatchObject({ status: 'imported', replaced: true, workspace: { id: WORKSPACE_A } });
    expect((await storedIndex()).workspaces).toHaveLength(2);
    expect(
      expectOk(await background.send('readUserGroupRegistry', { workspaceId: WORKSPACE_A })).groups.map(
        (entry) => entry.provided_id,
      ),
    ).toEqual(['team-1']);
    const status = expectOk(await background.send('getConnectionStatus', { workspaceId: WORKSPACE_A }));
    expect(status).toMatchObject({ projectApiUrl: ACCOUNTS.a.settings.projectApiUrl, userGroupBaseUrl: '' });
    expectOk(
      await background.send('createProject', {
        workspaceId: WORKSPACE_A,
        projectUrl: 'https://site.example.org/q',
        projectName: 'Q',
      }),
    );
    expect(background.services.projectApi.createProject).toHaveBeenLastCalledWith(
      expect.objectContaining({ apiKey: 'acme-api-key-2222' }),
      expect.anything(),
    );
  });

  it('a setup file exported before a rotation carries no group token: importing it keeps the live one and its age', async () => {
    const group = { name: 'Team', userGroupId: 'team-1', environment: 'Customer' as const };
    expectOk(await background.send('createUserGroup', { workspaceId: WORKSPACE_A, ...group }));
    const text = await exportA(true);
    expect(text).not.toContain('ugt_');
    const rotated = expectOk(
      await background.send('rotateUserGroupToken', {
        workspaceId: WORKSPACE_A,
        environment: 'Customer',
        userGroupId: 'team-1',
      }),
    ).group;
    expectOk(await background.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: true }));
    const [entry] = expectOk(await background.send('readUserGroupRegistry', { workspaceId: WORKSPACE_A })).groups;
    expect(entry).toMatchObject({ token: rotated.token, issuedAt: rotated.issuedAt });
  });

  it('a workspace the organization manages is never replaced by a file', async () => {
    const text = await exportA();
    const stored = await storedIndex();
    await fakeBrowser.storage.local.set({
      workspaces: {
        ...stored,
        workspaces: stored.workspaces.map((workspace) =>
          workspace.id === WORKSPACE_A ? { ...workspace, managed: 'editable' } : workspace,
        ),
      },
    });
    const before = await everything();
    for (const replace of [false, true]) {
      expect(
        withText(await background.send('importSetupFile', { text, passphrase: PASSPHRASE, replace })),
      ).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining('Managed by your organization') as unknown },
      });
    }
    expect(await everything()).toEqual(before);
  });
});

describe('an import racing a lock change (issue 24, finding 4)', () => {
  it('a new workspace imported while the lock turns on is stored sealed: its secrets are never in clear', async () => {
    const text = await exportA();
    expectOk(await background.send('renameWorkspace', { workspaceId: WORKSPACE_A, name: 'Acme (old)' }));
    const turningOn = background.send('turnOnLock', { passphrase: 'a lock passphrase', lockAfter: '15' });
    const importing = background.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: false });
    expectOk(await turningOn);
    expectOk(await importing);
    const stored = JSON.stringify(await everything());
    for (const secret of [ACCOUNTS.a.credentials.apiKey, ACCOUNTS.a.credentials.authToken]) {
      expect(stored).not.toContain(secret);
    }
  });
});

describe('a setup file imported on a fresh install (issue 26, point 6)', () => {
  /** A file exported from Acme, then a browser as the install leaves it: one unused "Workspace 1". */
  async function freshInstallWithFile(): Promise<{ text: string; fresh: ReturnType<typeof startBackground> }> {
    const text = await exportA();
    fakeBrowser.reset();
    const fresh = startBackground();
    const listed = expectOk(await fresh.send('listWorkspaces', {}));
    expect(listed.workspaces.map((workspace) => workspace.name)).toEqual(['Workspace 1']);
    // The start page and the options page asked for its status, as they do on a first run.
    expectOk(await fresh.send('getConnectionStatus', { workspaceId: listed.workspaces[0]!.id }));
    return { text, fresh };
  }

  it('takes the place of the unused "Workspace 1": one workspace, the imported one, and nothing left of the other', async () => {
    const { text, fresh } = await freshInstallWithFile();
    const unused = (await storedIndex()).workspaces[0]!.id;
    const imported = expectOk(await fresh.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: false }));
    expect(imported).toMatchObject({ status: 'imported', replaced: false, workspace: { name: 'Acme' } });
    const index = await storedIndex();
    expect(index.workspaces.map((workspace) => workspace.name)).toEqual(['Acme']);
    expect((await fakeBrowser.storage.local.get('lastUsedWorkspace')).lastUsedWorkspace).toBe(index.workspaces[0]!.id);
    expect(await keysOf(unused)).toEqual({});
    expect(withText(await fresh.send('getConnectionStatus', { workspaceId: unused }))).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    // A second file adds a workspace beside the first: a workspace in use is never replaced.
    expectOk(await fresh.send('renameWorkspace', { workspaceId: index.workspaces[0]!.id, name: 'Acme one' }));
    expectOk(await fresh.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: false }));
    expect((await storedIndex()).workspaces.map((workspace) => workspace.name)).toEqual(['Acme one', 'Acme']);
  });

  it('keeps a workspace that holds anything: an address typed and saved, a project in its history', async () => {
    const { text, fresh } = await freshInstallWithFile();
    const first = (await storedIndex()).workspaces[0]!.id;
    await fakeBrowser.storage.local.set({
      [`ws.${first}.projectHistory`]: { entries: [], revision: 'x' },
    });
    expectOk(await fresh.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: false }));
    expect((await storedIndex()).workspaces.map((workspace) => workspace.name)).toEqual(['Workspace 1', 'Acme']);
  });

  it('keeps the other workspaces as they are: only unused ones give way', async () => {
    const text = await exportA();
    const added = expectOk(await background.send('createWorkspace', { name: 'Empty one' }));
    expectOk(await background.send('renameWorkspace', { workspaceId: WORKSPACE_A, name: 'Acme (old)' }));
    expectOk(await background.send('importSetupFile', { text, passphrase: PASSPHRASE, replace: false }));
    expect((await storedIndex()).workspaces.map((workspace) => workspace.name)).toEqual([
      'Acme (old)',
      'Globex',
      'Acme',
    ]);
    expect(await keysOf(added.id)).toEqual({});
    expect(Object.keys(await keysOf(WORKSPACE_B)).length).toBeGreaterThan(0);
  });
});
