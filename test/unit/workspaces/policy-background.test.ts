// The background with an organisation policy: its workspaces join the list first, their connection is
// the policy's, they cannot be deleted, a lock makes them read-only, and a change applies at once.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkAlarmFor, registerAlarmFor } from '@/entrypoints/background/bulk-alarm';
import { createBackground } from '@/entrypoints/background/background';
import type { MessageName, RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import { routeMessage } from '@/lib/messaging/router';
import { MANAGED_POLICY_KEY, readPolicyStatus } from '@/lib/storage/policy-status';
import type { Result } from '@/lib/result';
import { managedWorkspaceId } from '@/lib/workspaces/managed-workspaces';
import { withText } from '../helpers/error-text';
import { expectOk } from '../helpers/results';
import { fakeServices, OPTIONS_PAGE, ORG, seedTwoWorkspaces, WORKSPACE_A, WORKSPACE_B } from './background-fixture';

const SELF = { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' };
const ORG_ID = managedWorkspaceId(ORG.name);
let managed: unknown;
const REFUSED = { ok: false, error: { message: expect.stringContaining('Managed by your organization') as unknown } };

function start() {
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
  vi.spyOn(browser.permissions, 'contains').mockImplementation(() => Promise.resolve(true));
  const services = fakeServices();
  const background = createBackground({ ...services, bulkAlarm: bulkAlarmFor, registerAlarm: registerAlarmFor }, () =>
    Promise.resolve(managed),
  );
  const send = <N extends MessageName>(name: N, request: RequestOf<N>) =>
    routeMessage(background.routes, SELF, { type: name, data: request }, OPTIONS_PAGE) as Promise<
      Result<ResponseOf<N>>
    >;
  return { ...background, services, send };
}

let bg: ReturnType<typeof start>;
beforeEach(async () => {
  fakeBrowser.reset();
  await seedTwoWorkspaces();
  managed = { workspaces: [ORG], lockWorkspaces: false };
  bg = start();
  await bg.applyPolicy();
});

describe('managed workspaces in the background', () => {
  it('lists the managed workspace first, marked, and serves the policy’s connection without typing', async () => {
    const { workspaces } = expectOk(await bg.send('listWorkspaces', {}));
    expect(workspaces.map((workspace) => [workspace.id, workspace.managed])).toEqual([
      [ORG_ID, 'editable'],
      [WORKSPACE_A, undefined],
      [WORKSPACE_B, undefined],
    ]);
    const created = expectOk(
      await bg.send('createProject', {
        workspaceId: ORG_ID,
        projectUrl: 'https://site.example.org/x',
        projectName: 'X',
      }),
    );
    expect(created.projectId).toContain('org-api-key-7777');
    expect(bg.services.projectApi.createProject).toHaveBeenCalledWith(
      expect.objectContaining({ projectApiUrl: ORG.projectApiUrl, authToken: ORG.authToken }),
      expect.anything(),
    );
    const status = expectOk(await bg.send('getConnectionStatus', { workspaceId: ORG_ID }));
    expect(JSON.stringify(status)).not.toContain(ORG.authToken);
  });

  it('cannot be deleted (its data stays); other workspaces still can', async () => {
    expectOk(
      await bg.send('createProject', {
        workspaceId: ORG_ID,
        projectUrl: 'https://site.example.org/y',
        projectName: 'Y',
      }),
    );
    expect(withText(await bg.send('deleteWorkspace', { workspaceId: ORG_ID }))).toMatchObject(REFUSED);
    expect(
      (await fakeBrowser.storage.local.get(`ws.${ORG_ID}.projectHistory`))[`ws.${ORG_ID}.projectHistory`],
    ).toBeDefined();
    expectOk(await bg.send('deleteWorkspace', { workspaceId: WORKSPACE_B }));
  });

  it('when locked: rename, connection save, forget and clear are refused; unlocked, a rename works', async () => {
    expectOk(await bg.send('renameWorkspace', { workspaceId: ORG_ID, name: 'Mine now' }));
    managed = { workspaces: [ORG], lockWorkspaces: true };
    await bg.applyPolicy();
    const { workspaces } = expectOk(await bg.send('listWorkspaces', {}));
    expect(workspaces[0]).toMatchObject({ id: ORG_ID, name: ORG.name, managed: 'locked' });
    expect(withText(await bg.send('renameWorkspace', { workspaceId: ORG_ID, name: 'Other' }))).toMatchObject(REFUSED);
    const save = {
      workspaceId: ORG_ID,
      userGroupBaseUrl: '',
      projectApiUrl: 'https://evil.example/create',
      secretsArea: 'local' as const,
      apiToken: '',
      apiKey: '',
      authToken: '',
    };
    expect(withText(await bg.send('saveConnection', save))).toMatchObject(REFUSED);
    expect(withText(await bg.send('forgetCredentials', { workspaceId: ORG_ID }))).toMatchObject(REFUSED);
    expect(withText(await bg.send('clearWorkspace', { workspaceId: ORG_ID }))).toMatchObject(REFUSED);
    expectOk(await bg.send('saveConnection', { ...save, workspaceId: WORKSPACE_A }));
  });

  it('when locked, a secret the policy leaves out can still be typed, with the policy’s address only', async () => {
    managed = {
      workspaces: [{ name: ORG.name, projectApiUrl: ORG.projectApiUrl, apiKey: ORG.apiKey }],
      lockWorkspaces: true,
    };
    await bg.applyPolicy();
    const save = {
      workspaceId: ORG_ID,
      userGroupBaseUrl: '',
      projectApiUrl: ORG.projectApiUrl,
      secretsArea: 'local' as const,
      apiToken: '',
      apiKey: '',
      authToken: 'typed-token-1234',
    };
    expectOk(await bg.send('saveConnection', save));
    expect(withText(await bg.send('saveConnection', { ...save, apiKey: 'other-key' }))).toMatchObject(REFUSED);
    expect(
      withText(await bg.send('saveConnection', { ...save, projectApiUrl: 'https://elsewhere.example/create' })),
    ).toMatchObject(REFUSED);
    expectOk(
      await bg.send('createProject', {
        workspaceId: ORG_ID,
        projectUrl: 'https://site.example.org/t',
        projectName: 'T',
      }),
    );
    expect(bg.services.projectApi.createProject).toHaveBeenLastCalledWith(
      expect.objectContaining({ apiKey: ORG.apiKey, authToken: 'typed-token-1234' }),
      expect.anything(),
    );
  });

  it('records the policy’s problems (codes, no secrets) for the options page', async () => {
    managed = {
      workspaces: [ORG, { name: 'Broken', projectApiUrl: 'http://far.example/x', apiKey: 'secret-9999' }],
      lockWorkspaces: 'yes',
      extra: 1,
    };
    await bg.applyPolicy();
    const stored = await fakeBrowser.storage.local.get(MANAGED_POLICY_KEY);
    const status = await readPolicyStatus();
    expect(status.problems.map((problem) => [problem.code, problem.path])).toEqual([
      ['invalid-address', 'workspaces[1].projectApiUrl'],
      ['no-address', 'workspaces[1]'],
      ['wrong-type', 'lockWorkspaces'],
      ['unknown-key', 'extra'],
    ]);
    expect(JSON.stringify(stored)).not.toContain('secret-9999');
  });

  it('applies a policy change without a restart: a new workspace appears, a removed one leaves, a new secret is used', async () => {
    managed = {
      workspaces: [
        { ...ORG, authToken: 'org-auth-token-rotated' },
        { name: 'Second', projectApiUrl: 'https://second.example/create' },
      ],
    };
    await bg.applyPolicy();
    const listed = expectOk(await bg.send('listWorkspaces', {})).workspaces.map((workspace) => workspace.name);
    expect(listed).toEqual([ORG.name, 'Second', 'Acme', 'Globex']);
    expectOk(
      await bg.send('createProject', {
        workspaceId: ORG_ID,
        projectUrl: 'https://site.example.org/z',
        projectName: 'Z',
      }),
    );
    expect(bg.services.projectApi.createProject).toHaveBeenLastCalledWith(
      expect.objectContaining({ authToken: 'org-auth-token-rotated' }),
      expect.anything(),
    );
    managed = {};
    await bg.applyPolicy();
    expect(expectOk(await bg.send('listWorkspaces', {})).workspaces.map((workspace) => workspace.id)).toEqual([
      WORKSPACE_A,
      WORKSPACE_B,
    ]);
  });

  it('the first policy makes its first workspace the popup’s when the last used one is not set up; a set-up one stays', async () => {
    expect(expectOk(await bg.send('listWorkspaces', {})).lastUsed).toBe(WORKSPACE_A);
    fakeBrowser.reset();
    await fakeBrowser.storage.local.set({
      workspaces: { workspaces: [{ id: 'fresh001', name: 'Workspace 1', createdAt: '2026-11-01T00:00:00.000Z' }] },
      lastUsedWorkspace: 'fresh001',
    });
    bg = start();
    await bg.applyPolicy();
    expect(expectOk(await bg.send('listWorkspaces', {})).lastUsed).toBe(ORG_ID);
  });

  it('never crashes on a policy that cannot be read or is not an object', async () => {
    managed = 'not an object';
    await bg.applyPolicy();
    expect((await readPolicyStatus()).problems[0]).toMatchObject({
      code: 'wrong-type',
      path: '',
    });
    expect(expectOk(await bg.send('listWorkspaces', {})).workspaces).toHaveLength(2);
  });
});

describe('secrets the policy sets stay in this browser (issue 24, finding 3)', () => {
  const PASSPHRASE = 'a long setup passphrase';

  it('an export setup file of a workspace whose secrets the policy sets is refused, saying why; nothing is written', async () => {
    const answer = withText(
      await bg.send('exportSetupFile', { workspaceId: ORG_ID, passphrase: PASSPHRASE, includeUserGroupApi: false }),
    );
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: expect.stringContaining('set by your organization') as unknown },
    });
    expect(JSON.stringify(answer)).not.toContain(ORG.apiKey);
    // The user's own workspace is not affected.
    expectOk(
      await bg.send('exportSetupFile', {
        workspaceId: WORKSPACE_A,
        passphrase: PASSPHRASE,
        includeUserGroupApi: false,
      }),
    );
  });

  it('with allowSecretExport in the policy, the export is allowed', async () => {
    managed = { workspaces: [ORG], allowSecretExport: true };
    await bg.applyPolicy();
    expect(await readPolicyStatus()).toMatchObject({
      allowSecretExport: true,
    });
    expectOk(
      await bg.send('exportSetupFile', { workspaceId: ORG_ID, passphrase: PASSPHRASE, includeUserGroupApi: false }),
    );
  });

  it('a secret the policy sets is read-only even in an editable managed workspace; one it leaves out can be typed', async () => {
    const save = {
      workspaceId: ORG_ID,
      projectApiUrl: ORG.projectApiUrl,
      userGroupBaseUrl: '',
      secretsArea: 'local' as const,
    };
    expect(
      withText(await bg.send('saveConnection', { ...save, apiKey: 'typed-over', authToken: '', apiToken: '' })),
    ).toMatchObject({
      ok: false,
      error: { field: 'apiKey', message: expect.stringContaining('organization') as unknown },
    });
    expectOk(await bg.send('saveConnection', { ...save, apiKey: '', authToken: '', apiToken: '' }));
  });
});

describe('a project link the policy sets (issue 28 item 5)', () => {
  const LINK = 'https://projects.org.example/app/{projectId}';
  const save = {
    workspaceId: ORG_ID,
    projectApiUrl: ORG.projectApiUrl,
    userGroupBaseUrl: '',
    secretsArea: 'local' as const,
    apiKey: '',
    authToken: '',
    apiToken: '',
  };

  it('is the workspace’s, served with its status, and read-only for the user, locked or not', async () => {
    managed = { workspaces: [{ ...ORG, projectLink: LINK }], lockWorkspaces: false };
    await bg.applyPolicy();
    expect(expectOk(await bg.send('getConnectionStatus', { workspaceId: ORG_ID })).projectLink).toBe(LINK);
    expect((await readPolicyStatus()).projectLinks).toEqual([ORG_ID]);
    expect(
      withText(await bg.send('saveConnection', { ...save, projectLink: 'https://elsewhere.example/{projectId}' })),
    ).toMatchObject({
      ok: false,
      error: { field: 'projectLink', message: 'Your organization sets the project link; it cannot be changed here.' },
    });
    // The form sends the link as it is: that save goes through.
    expect(expectOk(await bg.send('saveConnection', { ...save, projectLink: LINK })).projectLink).toBe(LINK);
  });

  it('a policy that sets none leaves the user’s own link, through every later application, even locked', async () => {
    const own = 'https://mine.example/p/{projectId}';
    expectOk(await bg.send('saveConnection', { ...save, projectLink: own }));
    managed = { workspaces: [ORG], lockWorkspaces: true };
    await bg.applyPolicy();
    await bg.applyPolicy();
    expect(expectOk(await bg.send('getConnectionStatus', { workspaceId: ORG_ID })).projectLink).toBe(own);
    expect((await readPolicyStatus()).projectLinks).toBeUndefined();
    // Locked, the user may still change a link the policy leaves to them.
    const changed = 'https://mine.example/q/{projectId}';
    expect(expectOk(await bg.send('saveConnection', { ...save, projectLink: changed })).projectLink).toBe(changed);
  });

  it('a bad link in the policy is reported and ignored alone: the workspace keeps working', async () => {
    managed = { workspaces: [{ ...ORG, projectLink: 'http://projects.org.example/{projectId}' }] };
    await bg.applyPolicy();
    const status = await readPolicyStatus();
    expect(status.problems).toEqual([
      { code: 'invalid-project-link', path: 'workspaces[0].projectLink', ignored: 'value' },
    ]);
    const connection = expectOk(await bg.send('getConnectionStatus', { workspaceId: ORG_ID }));
    expect(connection).toMatchObject({ projectApiUrl: ORG.projectApiUrl, projectApiReady: true });
    expect(connection).not.toHaveProperty('projectLink');
  });
});

/** Chrome gives a stored object back with its keys sorted: the stored value, stored that way. */
async function storeAsChromeGivesItBack(key: string) {
  const sortKeys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sortKeys)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([name, member]) => [name, sortKeys(member)]),
          )
        : value;
  const stored = (await browser.storage.local.get(key))[key];
  await browser.storage.local.set({ [key]: sortKeys(stored) });
}

describe('the policy applied again at every start', () => {
  it('writes its status only when it changed', async () => {
    await storeAsChromeGivesItBack(MANAGED_POLICY_KEY);
    const set = vi.spyOn(browser.storage.local, 'set');
    await bg.applyPolicy();
    await start().applyPolicy();
    expect(set.mock.calls.filter(([items]) => MANAGED_POLICY_KEY in items)).toEqual([]);
    managed = { workspaces: [ORG], lockWorkspaces: true };
    await bg.applyPolicy();
    expect(set.mock.calls.filter(([items]) => MANAGED_POLICY_KEY in items)).toHaveLength(1);
    expect((await readPolicyStatus()).locked).toBe(true);
  });

  it('without a policy, writes the empty status once, not at every start', async () => {
    managed = undefined;
    await bg.applyPolicy();
    await storeAsChromeGivesItBack(MANAGED_POLICY_KEY);
    const set = vi.spyOn(browser.storage.local, 'set');
    await start().applyPolicy();
    await start().applyPolicy();
    expect(set.mock.calls.filter(([items]) => MANAGED_POLICY_KEY in items)).toEqual([]);
  });
});
