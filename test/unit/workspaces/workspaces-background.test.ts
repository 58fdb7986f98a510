// The background with two workspaces: every message acts in the one it names, nothing crosses over,
// and adding, renaming, clearing and deleting workspaces do what their dialogs say.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserGroupApi } from '@/lib/api/user-group-api';
import { fail } from '@/lib/result';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkCreateAlarmName } from '@/entrypoints/background/bulk-alarm';
import { readStoredHistory } from '@/lib/storage/history/history-source';
import { readStoredActivity, verifyStoredActivity } from '@/lib/storage/activity/activity-source';
import { workspaceIndexSchema } from '@/lib/storage/workspaces/workspace-index-schema';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { verbatimText } from '@/lib/message-ref';
import { withText } from '../helpers/error-text';
import { expectOk } from '../helpers/results';
import { ACCOUNTS, keysOf, seedTwoWorkspaces, startBackground, WORKSPACE_A, WORKSPACE_B } from './background-fixture';

const group = (userGroupId: string) => ({
  name: `Group ${userGroupId}`,
  userGroupId,
  environment: 'Customer' as const,
});
const page = (path: string) => ({ projectUrl: `https://site.example.org/${path}`, projectName: `Page ${path}` });
const storedIndex = async () =>
  workspaceIndexSchema.parse((await fakeBrowser.storage.local.get('workspaces')).workspaces);

let background: ReturnType<typeof startBackground>;

beforeEach(async () => {
  fakeBrowser.reset();
  await seedTwoWorkspaces();
  background = startBackground();
});

describe('isolation: a workspace acts with its own connection and data only', () => {
  it('a group and a project created in A use A’s secrets and are stored under A only; B is untouched', async () => {
    const { send, services } = background;
    const before = await keysOf(WORKSPACE_B);
    expectOk(await send('createUserGroup', { workspaceId: WORKSPACE_A, ...group('team-1') }));
    expectOk(await send('createProject', { workspaceId: WORKSPACE_A, ...page('a') }));

    expect(services.userGroupApi.createUserGroup).toHaveBeenCalledWith(
      expect.objectContaining(ACCOUNTS.a.credentials),
      expect.anything(),
    );
    expect(services.projectApi.createProject).toHaveBeenCalledWith(
      expect.objectContaining(ACCOUNTS.a.credentials),
      page('a'),
    );
    expect(await keysOf(WORKSPACE_B)).toEqual(before);
    expect(
      expectOk(await send('readUserGroupRegistry', { workspaceId: WORKSPACE_A })).groups.map(
        (entry) => entry.provided_id,
      ),
    ).toEqual(['team-1']);
    expect(expectOk(await send('readUserGroupRegistry', { workspaceId: WORKSPACE_B })).groups).toEqual([]);
    // The history entry is written after the answer has left.
    await vi.waitFor(async () =>
      expect((await readStoredHistory(workspaceScope(WORKSPACE_A))).entries).toHaveLength(1),
    );
    expect((await readStoredHistory(workspaceScope(WORKSPACE_B))).entries).toEqual([]);
  });

  it('B uses its own secrets (kept for the session) with its own addresses; the same group id may exist in both', async () => {
    const { send, services } = background;
    const inA = expectOk(await send('createUserGroup', { workspaceId: WORKSPACE_A, ...group('shared-id') }));
    const inB = expectOk(await send('createUserGroup', { workspaceId: WORKSPACE_B, ...group('shared-id') }));
    expect(inA.group.token).toBe('ugt_acme-api-token-1111_shared-id');
    expect(inB.group.token).toBe('ugt_globex-api-token-4444_shared-id');
    expect(services.userGroupApi.createUserGroup).toHaveBeenLastCalledWith(
      expect.objectContaining({ ...ACCOUNTS.b.settings, ...ACCOUNTS.b.credentials }),
      expect.anything(),
    );
    const status = expectOk(await send('getConnectionStatus', { workspaceId: WORKSPACE_B }));
    expect(status).toMatchObject({ userGroupBaseUrl: ACCOUNTS.b.settings.userGroupBaseUrl, secretsArea: 'session' });
  });

  it('a save in one workspace writes its own keys only', async () => {
    const before = await keysOf(WORKSPACE_A);
    expectOk(
      await background.send('saveConnection', {
        workspaceId: WORKSPACE_B,
        ...ACCOUNTS.b.settings,
        userGroupBaseUrl: '',
        apiToken: '',
        apiKey: '',
        authToken: '',
      }),
    );
    expect(await keysOf(WORKSPACE_A)).toEqual(before);
  });

  it('an id that is not (or no longer) a workspace is answered NOT_FOUND, as data; a malformed one is refused', async () => {
    expect(await background.send('getConnectionStatus', { workspaceId: 'gone1234' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await background.send('createProject', { workspaceId: '../ws', ...page('x') })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(background.services.projectApi.createProject).not.toHaveBeenCalled();
  });

  it('a bulk job runs in its own workspace, with its own alarm, while the other is used', async () => {
    const { send, services } = background;
    // The job's first request stays unanswered while the test looks (and is answered at its end).
    let answer: (result: Awaited<ReturnType<UserGroupApi['createUserGroup']>>) => void = () => undefined;
    services.userGroupApi.createUserGroup.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    expectOk(
      await send('startBulkCreate', {
        workspaceId: WORKSPACE_A,
        rows: [{ line: 2, ...group('bulk-1') }],
        ratePerMinute: 150,
      }),
    );
    expect(await fakeBrowser.alarms.get(bulkCreateAlarmName(WORKSPACE_A))).toBeDefined();
    expect(await fakeBrowser.alarms.get(bulkCreateAlarmName(WORKSPACE_B))).toBeUndefined();
    // B meanwhile: its own create goes through, and B has no job.
    expectOk(await send('createUserGroup', { workspaceId: WORKSPACE_B, ...group('single') }));
    expect((await keysOf(WORKSPACE_B))[`ws.${WORKSPACE_B}.bulkCreateJob`]).toBeUndefined();
    expect((await keysOf(WORKSPACE_A))[`ws.${WORKSPACE_A}.bulkCreateJob`]).toMatchObject({ status: 'running' });
    answer(fail('TIMEOUT', verbatimText('no answer'), { maybeProcessed: true }));
  });
});

describe('managing workspaces', () => {
  it('adds a workspace with a checked name; an empty or taken name is refused, naming the field', async () => {
    const created = expectOk(await background.send('createWorkspace', { name: '  Initech  ' }));
    expect(created).toMatchObject({ name: 'Initech' });
    expect((await storedIndex()).workspaces.map((workspace) => workspace.name)).toEqual(['Acme', 'Globex', 'Initech']);
    expect(await background.send('createWorkspace', { name: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'workspaceName' },
    });
    expect(withText(await background.send('createWorkspace', { name: 'GLOBEX' }))).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        field: 'workspaceName',
        message: 'Another workspace has this name. Choose another one.',
      },
    });
    expect(await background.send('renameWorkspace', { workspaceId: WORKSPACE_A, name: 'initech' })).toMatchObject({
      ok: false,
      error: { field: 'workspaceName' },
    });
    expect(
      expectOk(await background.send('renameWorkspace', { workspaceId: WORKSPACE_A, name: 'Acme Corp' })),
    ).toMatchObject({
      id: WORKSPACE_A,
      name: 'Acme Corp',
    });
  });

  it('the last used workspace is what the popup (and so the context menu and the shortcut) opens in', async () => {
    expect(expectOk(await background.send('listWorkspaces', {})).lastUsed).toBe(WORKSPACE_A);
    expectOk(await background.send('useWorkspace', { workspaceId: WORKSPACE_B }));
    expect((await fakeBrowser.storage.local.get('lastUsedWorkspace')).lastUsedWorkspace).toBe(WORKSPACE_B);
    expect(await background.send('useWorkspace', { workspaceId: 'gone1234' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('says what a delete loses: which secrets, how many tokens no export holds, the history', async () => {
    const { send } = background;
    expectOk(await send('createUserGroup', { workspaceId: WORKSPACE_A, ...group('one') }));
    expectOk(await send('createProject', { workspaceId: WORKSPACE_A, ...page('p') }));
    expect(expectOk(await send('describeWorkspaceLoss', { workspaceId: WORKSPACE_A }))).toEqual({
      secrets: ['apiToken', 'apiKey', 'authToken'],
      groups: 1,
      tokensOnlyHere: 1,
      projects: 1,
    });
    // An export holds every token as it is now; a group created after it is only here again.
    expectOk(await send('readUserGroupRegistry', { workspaceId: WORKSPACE_A, forExport: true }));
    expect(expectOk(await send('describeWorkspaceLoss', { workspaceId: WORKSPACE_A }))).toMatchObject({
      groups: 1,
      tokensOnlyHere: 0,
      lastExportAt: expect.any(String) as unknown,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expectOk(await send('createUserGroup', { workspaceId: WORKSPACE_A, ...group('two') }));
    expect(expectOk(await send('describeWorkspaceLoss', { workspaceId: WORKSPACE_A }))).toMatchObject({
      groups: 2,
      tokensOnlyHere: 1,
    });
    // No secret ever crosses in this answer.
    expect(JSON.stringify(await send('describeWorkspaceLoss', { workspaceId: WORKSPACE_A }))).not.toContain(
      ACCOUNTS.a.credentials.apiToken,
    );
  });

  it('delete removes everything of that workspace (secrets in both areas included) and nothing of the other', async () => {
    const { send } = background;
    expectOk(await send('createUserGroup', { workspaceId: WORKSPACE_B, ...group('b-1') }));
    expectOk(await send('createProject', { workspaceId: WORKSPACE_B, ...page('b') }));
    expectOk(await send('useWorkspace', { workspaceId: WORKSPACE_B }));
    const keepA = await keysOf(WORKSPACE_A);
    expect(Object.keys(await keysOf(WORKSPACE_B)).length).toBeGreaterThan(3);

    expectOk(await send('deleteWorkspace', { workspaceId: WORKSPACE_B }));
    expect(await keysOf(WORKSPACE_B)).toEqual({});
    expect(await keysOf(WORKSPACE_A)).toEqual(keepA);
    expect((await storedIndex()).workspaces.map((workspace) => workspace.id)).toEqual([WORKSPACE_A]);
    expect((await fakeBrowser.storage.local.get('lastUsedWorkspace')).lastUsedWorkspace).toBe(WORKSPACE_A);
    expect(await send('getConnectionStatus', { workspaceId: WORKSPACE_B })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('a delete right after Create project waits for the records written after its answer: none brings a key back', async () => {
    const { send } = background;
    expectOk(await send('useWorkspace', { workspaceId: WORKSPACE_A }));
    // The project's history entry and the API's health are written after the answer has left; the
    // delete comes at once, before they are.
    expectOk(await send('createProject', { workspaceId: WORKSPACE_B, ...page('b') }));
    const deleted = send('deleteWorkspace', { workspaceId: WORKSPACE_B });
    expectOk(await deleted);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await keysOf(WORKSPACE_B)).toEqual({});
  });

  it('clear right after Create project leaves no history behind either', async () => {
    const { send } = background;
    expectOk(await send('createProject', { workspaceId: WORKSPACE_A, ...page('a') }));
    expectOk(await send('clearWorkspace', { workspaceId: WORKSPACE_A }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await keysOf(WORKSPACE_A)).toEqual({});
  });

  it('the last workspace cannot be deleted, only cleared: its data goes, the workspace stays', async () => {
    const { send } = background;
    expectOk(await send('deleteWorkspace', { workspaceId: WORKSPACE_B }));
    expect(withText(await send('deleteWorkspace', { workspaceId: WORKSPACE_A }))).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'The last workspace cannot be deleted. Clear it instead.' },
    });
    expect(Object.keys(await keysOf(WORKSPACE_A)).length).toBeGreaterThan(0);

    expectOk(await send('createUserGroup', { workspaceId: WORKSPACE_A, ...group('a-1') }));
    expectOk(await send('clearWorkspace', { workspaceId: WORKSPACE_A }));
    expect(await keysOf(WORKSPACE_A)).toEqual({});
    expect((await storedIndex()).workspaces.map((workspace) => workspace.id)).toEqual([WORKSPACE_A]);
    // Used again afresh: an empty connection and registry.
    expect(expectOk(await send('getConnectionStatus', { workspaceId: WORKSPACE_A }))).toMatchObject({
      projectApiReady: false,
      userGroupApiReady: false,
      userGroupBaseUrl: '',
    });
    expect(expectOk(await send('readUserGroupRegistry', { workspaceId: WORKSPACE_A })).groups).toEqual([]);
  });

  it('a delete cancels that workspace’s bulk job and its alarm first', async () => {
    const { send, services } = background;
    services.userGroupApi.createUserGroup.mockImplementationOnce(
      () =>
        new Promise((resolve) =>
          setTimeout(
            () =>
              resolve({ ok: false, error: { code: 'NETWORK', message: verbatimText('reset'), maybeProcessed: false } }),
            20,
          ),
        ),
    );
    expectOk(
      await send('startBulkCreate', {
        workspaceId: WORKSPACE_B,
        rows: [
          { line: 2, ...group('bulk-1') },
          { line: 3, ...group('bulk-2') },
        ],
        ratePerMinute: 150,
      }),
    );
    expectOk(await send('deleteWorkspace', { workspaceId: WORKSPACE_B }));
    expect(await fakeBrowser.alarms.get(bulkCreateAlarmName(WORKSPACE_B))).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await keysOf(WORKSPACE_B)).toEqual({});
  });

  it('host access a deleted workspace needed is given back, unless another workspace uses that host', async () => {
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
    const remove = vi.spyOn(browser.permissions, 'remove').mockImplementation(() => Promise.resolve(true));
    const { send } = background;
    expectOk(
      await send('saveConnection', {
        workspaceId: WORKSPACE_A,
        ...ACCOUNTS.a.settings,
        projectApiUrl: 'https://projects.globex.example/other',
        apiToken: '',
        apiKey: '',
        authToken: '',
      }),
    );
    remove.mockClear();
    expectOk(await send('deleteWorkspace', { workspaceId: WORKSPACE_B }));
    expect(remove.mock.calls).toEqual([[{ origins: ['https://ug.globex.example/*'] }]]);
  });
});

describe("a workspace's activity entries (issue 39, finding 9)", () => {
  /** The stored log as `<seq>:<workspace id or "removed">:<kind>`, once the entries written after an answer are in. */
  async function storedLog(count: number) {
    let rows: Awaited<ReturnType<typeof readStoredActivity>>['rows'] = [];
    await vi.waitFor(async () => expect((rows = (await readStoredActivity()).rows)).toHaveLength(count));
    return rows;
  }
  const describeRows = (rows: Awaited<ReturnType<typeof storedLog>>) =>
    rows.map((row) =>
      row.entry ? `${row.entry.workspace?.id ?? '-'}:${row.entry.kind}` : `removed:${row.stub?.removedWith}`,
    );

  async function activityInBoth() {
    const { send } = background;
    expectOk(await send('createUserGroup', { workspaceId: WORKSPACE_B, ...group('b-secret-team') }));
    expectOk(await send('createProject', { workspaceId: WORKSPACE_B, ...page('b-internal') }));
    expectOk(await send('createUserGroup', { workspaceId: WORKSPACE_A, ...group('a-team') }));
    return storedLog(3);
  }

  it('go with the workspace when it is deleted: only their numbers and hashes stay, and the log verifies', async () => {
    await activityInBoth();
    expectOk(await background.send('deleteWorkspace', { workspaceId: WORKSPACE_B }));
    const rows = await storedLog(4);
    expect(describeRows(rows)).toEqual([
      `removed:${WORKSPACE_B}`,
      `removed:${WORKSPACE_B}`,
      `${WORKSPACE_A}:groupCreated`,
      `${WORKSPACE_B}:workspaceDeleted`,
    ]);
    expect(rows.at(-1)!.entry!.detail).toEqual({ key: 'activityWorkspaceEntriesRemoved', count: 2 });
    const stored = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(stored).not.toContain('b-secret-team');
    expect(stored).not.toContain('b-internal');
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 4 });
  });

  it('stay when the user keeps them, and the entry of the deletion says so', async () => {
    await activityInBoth();
    expectOk(await background.send('deleteWorkspace', { workspaceId: WORKSPACE_B, keepActivity: true }));
    const rows = await storedLog(4);
    expect(describeRows(rows)).toEqual([
      `${WORKSPACE_B}:groupCreated`,
      `${WORKSPACE_B}:projectRegistered`,
      `${WORKSPACE_A}:groupCreated`,
      `${WORKSPACE_B}:workspaceDeleted`,
    ]);
    expect(rows.at(-1)!.entry!.detail).toEqual({ key: 'activityWorkspaceEntriesKept' });
  });

  it('go when the last workspace is cleared too; the workspace stays and records anew', async () => {
    await activityInBoth();
    expectOk(await background.send('deleteWorkspace', { workspaceId: WORKSPACE_B }));
    expectOk(await background.send('clearWorkspace', { workspaceId: WORKSPACE_A }));
    expect(describeRows(await storedLog(5))).toEqual([
      `removed:${WORKSPACE_B}`,
      `removed:${WORKSPACE_B}`,
      `removed:${WORKSPACE_A}`,
      `${WORKSPACE_B}:workspaceDeleted`,
      `${WORKSPACE_A}:workspaceCleared`,
    ]);
    expect(await verifyStoredActivity()).toEqual({ ok: true, count: 5 });
  });

  it('Clear activity log empties the log but for the entry that records it', async () => {
    await activityInBoth();
    expect(expectOk(await background.send('clearActivityLog', {}))).toMatchObject({
      removed: 3,
      replaced: { count: 3 },
    });
    expect(describeRows(await storedLog(1))).toEqual(['-:activityCleared']);
  });
});
