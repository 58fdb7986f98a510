// Issue 24: a service that refuses with a megabyte of words. Whatever it sends, each API client keeps at
// most 500 characters of it, says how long it was in the UI language, and so no alert, bulk-job failure
// or health record holds more.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { FetchLike } from '@/lib/api/http';
import { createProjectApi, type ProjectApiCredentials } from '@/lib/api/project-api';
import { createUserGroupApi, type UserGroupApiCredentials } from '@/lib/api/user-group-api';
import { messageText, type MessageRef } from '@/lib/message-ref';
import type { Result } from '@/lib/result';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { createHealthRecorder } from '@/lib/workspaces/health-recorder';
import { recordProjectApi, recordUserGroupApi } from '@/lib/workspaces/recorded-apis';
import { startSandbox, type RouteName, type Sandbox } from '../../sandbox/server.ts';
import { getEnglishMessage, messageGetter, readMessages } from '../setup/i18n';
import { expectFailure, expectOk } from '../helpers/results';
import { drain, fakeRunner, rows, storedJob } from '../user-groups/bulk-fakes';
import { testKey } from '../helpers/test-workspace';

const MEGABYTE = 1_000_000;
const REFUSAL = 'The service could not complete the request';
const CREDENTIALS = { apiToken: 'words-api-token-5c1d', apiKey: 'words-api-key-7e2f', authToken: 'words-auth-9a3b' };
const SECRETS = Object.values(CREDENTIALS);

const rendered = (result: Result<unknown>): string => {
  if (result.ok) throw new Error('expected a failure');
  return messageText(result.error.message);
};

/** What the user reads of a 1,000,000-character refusal: its start, cut, then the full length. */
function expectBoundedRefusal(text: string, prefix = 'The service refused: ') {
  expect(text.length).toBeLessThanOrEqual(600);
  expect(text.startsWith(`${prefix}${REFUSAL} ${REFUSAL}`)).toBe(true);
  expect(text).toMatch(/\S… \(1,000,000 characters\)$/);
}

describe('a refusal of a megabyte, through each client against the sandbox', () => {
  let sandbox: Sandbox;
  let userGroups: UserGroupApiCredentials;
  let projects: ProjectApiCredentials;
  const userGroupApi = createUserGroupApi({ fetch: (url, init) => fetch(url, init) });
  const projectApi = createProjectApi({ fetch: (url, init) => fetch(url, init) });

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, credentials: CREDENTIALS });
    userGroups = { userGroupBaseUrl: sandbox.userGroupBaseUrl, apiToken: CREDENTIALS.apiToken };
    projects = { projectApiUrl: sandbox.projectApiUrl, apiKey: CREDENTIALS.apiKey, authToken: CREDENTIALS.authToken };
  });
  afterAll(() => sandbox.close());
  beforeEach(() => sandbox.reset());

  const refuseWithAMegabyte = (route: RouteName) =>
    sandbox.setFault(route, { kind: 'successZero', messageLength: MEGABYTE });
  const group = { name: 'Team', userGroupId: 'team-1', environment: 'Customer' } as const;

  it('user-group create', async () => {
    refuseWithAMegabyte('userGroup.create');
    const result = await userGroupApi.createUserGroup(userGroups, group);
    expectFailure(result, 'REJECTED', SECRETS);
    expectBoundedRefusal(rendered(result));
    expect(JSON.stringify(result).length).toBeLessThan(1500);
  });

  it('user-group rotate', async () => {
    const { group: created } = expectOk(await userGroupApi.createUserGroup(userGroups, group));
    refuseWithAMegabyte('userGroup.rotate');
    const result = await userGroupApi.rotateToken(userGroups, created.token);
    expectFailure(result, 'REJECTED', SECRETS);
    expectBoundedRefusal(rendered(result));
  });

  it('user-group delete', async () => {
    const { group: created } = expectOk(await userGroupApi.createUserGroup(userGroups, group));
    refuseWithAMegabyte('userGroup.delete');
    const result = await userGroupApi.deleteUserGroup(userGroups, {
      currentToken: created.token,
      userGroupId: created.provided_id,
    });
    expectFailure(result, 'REJECTED', SECRETS);
    expectBoundedRefusal(rendered(result));
  });

  it('project create', async () => {
    refuseWithAMegabyte('project.create');
    const result = await projectApi.createProject(projects, { projectUrl: 'https://a.test/', projectName: 'A' });
    expectFailure(result, 'REJECTED', SECRETS);
    expectBoundedRefusal(rendered(result));
    expect(JSON.stringify(result).length).toBeLessThan(1500);
  });

  it('a short refusal is shown whole, as before', async () => {
    sandbox.setFault('project.create', { kind: 'successZero' });
    const result = await projectApi.createProject(projects, { projectUrl: 'https://a.test/', projectName: 'A' });
    expect(rendered(result)).toBe(`The service refused: ${REFUSAL}`);
  });
});

describe('in the UI language', () => {
  beforeEach(() => {
    fakeBrowser.i18n.getMessage = messageGetter(readMessages('de'));
  });
  afterEach(() => {
    fakeBrowser.i18n.getMessage = getEnglishMessage;
  });

  it('the full length is counted and written as the language writes numbers', async () => {
    const api = createProjectApi({ fetch: answering(400, projectError('x'.repeat(900_030))) });
    const result = await api.createProject(PROJECT_CREDENTIALS, { projectUrl: 'https://a.test/', projectName: 'A' });
    expect(rendered(result)).toBe(`Der Dienst hat die Anfrage abgelehnt: ${'x'.repeat(500)}… (900.030 Zeichen)`);
  });
});

/** A fetch that answers every request with this status and JSON body. */
function answering(status: number, body: unknown): FetchLike {
  return () =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}
const projectError = (message: string, status = 'FAILED_PRECONDITION', details?: unknown) => ({
  error: { message, status, ...(details === undefined ? {} : { details }) },
});
const PROJECT_CREDENTIALS: ProjectApiCredentials = {
  projectApiUrl: 'https://projects.example.com',
  apiKey: CREDENTIALS.apiKey,
  authToken: CREDENTIALS.authToken,
};
const USER_GROUP_CREDENTIALS: UserGroupApiCredentials = {
  userGroupBaseUrl: 'https://ug.example.com',
  apiToken: CREDENTIALS.apiToken,
};
const INPUT = { projectUrl: 'https://a.test/', projectName: 'A' };

describe('everything of the service’s that reaches an error', () => {
  it('a secret echoed where the words are cut is blanked first, not left half visible', async () => {
    const message = `${'a'.repeat(490)} ${CREDENTIALS.apiToken} ${'b'.repeat(1000)}`;
    const result = await createUserGroupApi({ fetch: answering(200, { success: 0, message }) }).createUserGroup(
      USER_GROUP_CREDENTIALS,
      { name: 'T', userGroupId: 't', environment: 'Testing' },
    );
    const text = rendered(result);
    for (const start of [CREDENTIALS.apiToken.slice(0, 4), CREDENTIALS.apiToken.slice(0, 9)]) {
      expect(text).not.toContain(start);
    }
    expect(text).toContain(`${'a'.repeat(490)} ••••`);
  });

  it('the `error` field of a refusal is bounded like `message`', async () => {
    const result = await createUserGroupApi({
      fetch: answering(200, { success: 0, error: 'e'.repeat(MEGABYTE) }),
    }).rotateToken(USER_GROUP_CREDENTIALS, 'ugt_1');
    expect(rendered(result)).toBe(`The service refused: ${'e'.repeat(500)}… (1,000,000 characters)`);
  });

  it('a project error’s status, shown when its message is empty, is bounded too', async () => {
    const api = createProjectApi({ fetch: answering(400, projectError('  ', 'S'.repeat(MEGABYTE))) });
    expect(rendered(await api.createProject(PROJECT_CREDENTIALS, INPUT))).toBe(
      `The service refused: ${'S'.repeat(500)}… (1,000,000 characters)`,
    );
  });

  it.each<[string, string, number]>([
    ['UNAUTHENTICATED', 'The service rejected the API key or auth token: ', 401],
    ['RESOURCE_EXHAUSTED', 'The service is rate limiting requests: ', 429],
    ['INTERNAL', 'The service failed: ', 500],
  ])('%s: the service’s words in our sentence are bounded', async (status, start, http) => {
    const api = createProjectApi({ fetch: answering(http, projectError('w'.repeat(MEGABYTE), status)) });
    const text = rendered(await api.createProject(PROJECT_CREDENTIALS, INPUT));
    expect(text.startsWith(`${start}${'w'.repeat(500)}… (1,000,000 characters)`)).toBe(true);
    expect(text.length).toBeLessThanOrEqual(650); // our sentence around them: "Check them in the settings."
  });

  it('ALREADY_EXISTS: an id of up to 256 characters is kept; a longer one is dropped, not cut', async () => {
    const exists = (projectId: string) =>
      createProjectApi({
        fetch: answering(409, projectError('exists', 'ALREADY_EXISTS', { projectId })),
      }).createProject(PROJECT_CREDENTIALS, INPUT);
    const kept = expectFailure(await exists('p'.repeat(256)), 'ALREADY_EXISTS', SECRETS);
    expect(kept.relatedId).toBe('p'.repeat(256));
    const dropped = await exists('p'.repeat(MEGABYTE));
    expect(expectFailure(dropped, 'ALREADY_EXISTS', SECRETS).relatedId).toBeUndefined();
    expect(rendered(dropped)).toBe('This site already has a project.');
  });

  it('a success with a megabyte for an id is an answer of an unexpected shape (the project may exist)', async () => {
    const success = (projectId: string, message = 'Created') =>
      createProjectApi({
        fetch: answering(200, { result: { status: 'success', message, data: { projectId } } }),
      }).createProject(PROJECT_CREDENTIALS, INPUT);
    const refused = expectFailure(await success('p'.repeat(MEGABYTE)), 'BAD_RESPONSE', SECRETS);
    expect(refused.maybeProcessed).toBe(true);
    // Its confirmation, which crosses to the popup, is bounded too.
    const created = expectOk(await success('prj_1', 'c'.repeat(MEGABYTE)));
    expect(created).toEqual({ projectId: 'prj_1', message: 'c'.repeat(500) });
  });
});

describe('what is stored of a megabyte refusal', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('a bulk job of such refusals stores a bounded failure per row', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    try {
      const api = createUserGroupApi({ fetch: answering(200, { success: 0, message: 'r'.repeat(MEGABYTE) }) });
      const { runner } = fakeRunner((row) => api.createUserGroup(USER_GROUP_CREDENTIALS, row));
      await runner.start(rows(5), 6000);
      await drain(runner);
      const job = await storedJob();
      expect(job.failed).toHaveLength(5);
      for (const failure of job.failed) {
        expect(messageText(failure.message)).toBe(`The service refused: ${'r'.repeat(500)}… (1,000,000 characters)`);
      }
      const stored = (await fakeBrowser.storage.local.get(testKey('bulkCreateJob')))[testKey('bulkCreateJob')];
      expect(JSON.stringify(stored).length).toBeLessThan(5 * 800);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the health record of each API holds the bounded words', async () => {
    const scope = workspaceScope('wordsws');
    const health = createHealthRecorder(scope);
    const megabyte = 'h'.repeat(MEGABYTE);
    const projectApi = recordProjectApi(createProjectApi({ fetch: answering(400, projectError(megabyte)) }), health);
    const userGroupApi = recordUserGroupApi(
      createUserGroupApi({ fetch: answering(200, { success: 0, message: megabyte }) }),
      health,
    );
    await projectApi.createProject(PROJECT_CREDENTIALS, INPUT);
    await userGroupApi.deleteUserGroup(USER_GROUP_CREDENTIALS, { currentToken: 'ugt_1', userGroupId: 'g' });
    const key = `${scope}apiHealth`;
    const stored = (await fakeBrowser.storage.local.get(key))[key] as Record<
      string,
      { lastFailure: { message: MessageRef } }
    >;
    expect(Object.keys(stored).sort()).toEqual(['project', 'userGroup']);
    expect(JSON.stringify(stored).length).toBeLessThan(2 * 700);
    expect(messageText(stored.userGroup!.lastFailure.message)).toBe(
      `The service refused: ${'h'.repeat(500)}… (1,000,000 characters)`,
    );
  });
});
