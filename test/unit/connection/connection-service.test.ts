import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createConnectionService } from '@/lib/connection/connection-service';
import { createProjectService } from '@/lib/projects/project-service';
import type { ProjectApi } from '@/lib/api/project-api';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import { createHistoryRecorder } from '@/lib/storage/history/history-writer';
import { messageText, verbatimText } from '@/lib/message-ref';
import { fail, ok, type Result } from '@/lib/result';
import type { ConnectionSettings } from '@/lib/storage/connection/connection-schema';
import type { Credentials } from '@/lib/secrets';
import { loadStorageFixture } from '../fixtures/storage/load';
import { seedConnection, storedCredentials } from '../helpers/stored-connection';
import { TEST_SCOPE, TEST_WORKSPACE_ID, testKey } from '../helpers/test-workspace';
import { withText } from '../helpers/error-text';

const settingsV1 = loadStorageFixture<ConnectionSettings>('connection-settings.v1.json');
const credentialsV1 = loadStorageFixture<Credentials>('credentials.v1.json');
const SECRETS = Object.values(credentialsV1);

const UG_PATTERN = 'https://ug.example.com/*';
const PROJECT_PATTERN = 'https://projects.example.com/*';

async function seed(settings: ConnectionSettings = settingsV1, credentials: Credentials = credentialsV1) {
  await seedConnection(settings, credentials);
}

/** permissions.contains is not implemented by the fake browser: grant exactly these patterns. */
function grant(...patterns: string[]) {
  const contains = (permissions: { origins?: string[] }) =>
    Promise.resolve((permissions.origins ?? []).every((origin) => patterns.includes(origin)));
  // browser.permissions is fakeBrowser.permissions in tests, typed as the real API. Its contains() is
  // overloaded (callback and Promise forms) and the spy types the callback one; the code uses the Promise.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  return vi.spyOn(browser.permissions, 'contains').mockImplementation(contains);
}

function expectNoSecret(value: unknown) {
  const text = JSON.stringify(value);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

const workspaceId = TEST_WORKSPACE_ID;
let connection: ReturnType<typeof createConnectionService>;
/** The project handlers of the test workspace, with this API. */
const createProjects = (api: ProjectApi) =>
  createProjectService({
    api,
    connection: createConnectionRepository(TEST_SCOPE),
    history: createHistoryRecorder(TEST_SCOPE),
  });

beforeEach(() => {
  fakeBrowser.reset();
  connection = createConnectionService({ repository: createConnectionRepository(TEST_SCOPE) });
});

it('stubs the permissions API the handlers use', () => {
  expect(browser.permissions).toBe(fakeBrowser.permissions);
});

describe('connection service: getConnectionStatus', () => {
  it('returns addresses and masked secrets, never a raw secret', async () => {
    await seed();
    grant(UG_PATTERN, PROJECT_PATTERN);
    const result = await connection.status();
    expect(result).toEqual({
      ok: true,
      value: {
        userGroupBaseUrl: settingsV1.userGroupBaseUrl,
        projectApiUrl: settingsV1.projectApiUrl,
        secretsArea: 'local',
        masked: { apiToken: '••••9b2c', apiKey: '••••d4e6', authToken: '••••e0f1' },
        projectApiReady: true,
        userGroupApiReady: true,
        missingAccess: [],
        notices: [],
      },
    });
    expectNoSecret(result);
  });

  it.each<[string, string[], string[]]>([
    ['nothing granted', [], [UG_PATTERN, PROJECT_PATTERN]],
    ['only the user-group API granted', [UG_PATTERN], [PROJECT_PATTERN]],
    ['only the project API granted', [PROJECT_PATTERN], [UG_PATTERN]],
    ['both granted', [UG_PATTERN, PROJECT_PATTERN], []],
  ])('missingAccess reflects permissions.contains: %s', async (_label, granted, missing) => {
    await seed();
    const contains = grant(...granted);
    const result = await connection.status();
    expect(result.ok && result.value.missingAccess).toEqual(missing);
    expect(contains).toHaveBeenCalledWith({ origins: [UG_PATTERN] });
    expect(contains).toHaveBeenCalledWith({ origins: [PROJECT_PATTERN] });
  });

  it('asks once for two addresses on the same host', async () => {
    await seed({
      userGroupBaseUrl: 'https://api.example.com/ug',
      projectApiUrl: 'https://api.example.com:8443/p',
      secretsArea: 'local',
    });
    const contains = grant();
    const result = await connection.status();
    expect(result.ok && result.value.missingAccess).toEqual(['https://api.example.com/*']);
    expect(contains).toHaveBeenCalledTimes(1);
  });

  it('checks no permission when no address is configured', async () => {
    const contains = grant();
    const empty = await connection.status();
    expect(empty.ok && empty.value).toMatchObject({
      missingAccess: [],
      projectApiReady: false,
      userGroupApiReady: false,
    });
    expect(contains).not.toHaveBeenCalled();
  });

  it('includes the storage notices', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fakeBrowser.storage.local.set({ [testKey('connectionSettings')]: settingsV1, [testKey('credentials')]: 42 });
    grant(UG_PATTERN, PROJECT_PATTERN);
    const result = await connection.status();
    expect(result.ok && result.value.notices.map(messageText)).toEqual([
      'The saved credentials could not be read and was reset. Please enter it again.',
    ]);
    expect(result.ok && result.value.projectApiReady).toBe(false);
  });
});

describe('connection service: saveConnection', () => {
  const request = { ...settingsV1, ...credentialsV1 };

  it.each([
    ['userGroupBaseUrl', 'http://ug.example.com', 'Use https'],
    ['userGroupBaseUrl', 'not a url', 'not a valid address'],
    ['projectApiUrl', 'https://projects.example.com/?key=1', 'Remove the query'],
    ['projectApiUrl', 'https://user:pw@projects.example.com', 'Remove the user name'],
  ] as const)('rejects a bad %s (%s) with the field set, and stores nothing', async (field, url, text) => {
    const result = await connection.save({ ...request, [field]: url });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field } });
    expect(!result.ok && messageText(result.error.message)).toContain(text);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expectNoSecret(result);
  });

  it('normalises the addresses, stores them, and answers with a masked status', async () => {
    grant(UG_PATTERN, PROJECT_PATTERN);
    const result = await connection.save({
      ...request,
      userGroupBaseUrl: ' https://ug.example.com/prefix/ ',
      projectApiUrl: '',
    });
    expect(result.ok).toBe(true);
    expectNoSecret(result);
    expect((await fakeBrowser.storage.local.get(testKey('connectionSettings')))[testKey('connectionSettings')]).toEqual(
      {
        userGroupBaseUrl: 'https://ug.example.com/prefix',
        projectApiUrl: '',
        secretsArea: 'local',
      },
    );
    expect((await fakeBrowser.storage.local.get(testKey('credentials')))[testKey('credentials')]).toEqual(
      storedCredentials({ userGroupBaseUrl: 'https://ug.example.com/prefix', projectApiUrl: '' }, credentialsV1),
    );
    expect(result.ok && result.value.masked).toEqual({
      apiToken: '••••9b2c',
      apiKey: '••••d4e6',
      authToken: '••••e0f1',
    });
  });

  // Regression: saveConnection once answered with the previous addresses and area, so a first save
  // showed empty URLs and checked access for the old origins.
  it('answers with the status of what was just saved (addresses, area, missing access)', async () => {
    grant();
    const result = await connection.save({ ...request, secretsArea: 'session' });
    expect(result.ok && result.value).toMatchObject({
      userGroupBaseUrl: settingsV1.userGroupBaseUrl,
      projectApiUrl: settingsV1.projectApiUrl,
      secretsArea: 'session',
      missingAccess: [UG_PATTERN, PROJECT_PATTERN],
    });
  });
});

describe('connection service: saveConnection: access to addresses no longer configured', () => {
  /** permissions.remove is not implemented by the fake browser: record what is given back. */
  function recordRemovals() {
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
    return vi.spyOn(browser.permissions, 'remove').mockImplementation(() => Promise.resolve(true));
  }

  it('gives back the permission of an origin no configured API uses any more', async () => {
    await seed();
    grant(UG_PATTERN, PROJECT_PATTERN);
    const remove = recordRemovals();
    const result = await connection.save({
      ...settingsV1,
      projectApiUrl: 'https://new-projects.example.org/create',
      ...credentialsV1,
    });
    expect(result.ok).toBe(true);
    expect(remove.mock.calls).toEqual([[{ origins: [PROJECT_PATTERN] }]]);
  });

  it.each<[string, Partial<ConnectionSettings>]>([
    [
      'only a port changed (patterns ignore ports)',
      { projectApiUrl: 'https://projects.example.com:8443/createProject' },
    ],
    [
      'the other API still uses that host',
      { projectApiUrl: 'https://ug.example.com/projects', userGroupBaseUrl: 'https://projects.example.com/ug' },
    ],
    ['nothing changed', {}],
  ])('keeps every permission when %s', async (_label, addresses) => {
    await seed();
    grant(UG_PATTERN, PROJECT_PATTERN);
    const remove = recordRemovals();
    await connection.save({ ...settingsV1, ...addresses, ...credentialsV1 });
    expect(remove).not.toHaveBeenCalled();
  });

  it('a removal the browser refuses (a permission the manifest requires) does not fail the save', async () => {
    await seed();
    grant();
    const remove = vi
      .spyOn(browser.permissions, 'remove')
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
      .mockImplementation(() => Promise.reject(new Error('You cannot remove required permissions.')));
    const result = await connection.save({ ...settingsV1, userGroupBaseUrl: '', projectApiUrl: '', ...credentialsV1 });
    expect(result.ok).toBe(true);
    expect(remove.mock.calls).toEqual([[{ origins: [UG_PATTERN] }], [{ origins: [PROJECT_PATTERN] }]]);
  });
});

describe('connection service: forgetCredentials', () => {
  it('empties the secrets and answers with a status that is no longer ready', async () => {
    await seed();
    grant(UG_PATTERN, PROJECT_PATTERN);
    const result = await connection.forget();
    expect(result.ok && result.value).toMatchObject({
      userGroupBaseUrl: settingsV1.userGroupBaseUrl,
      masked: { apiToken: '', apiKey: '', authToken: '' },
      projectApiReady: false,
      userGroupApiReady: false,
    });
    expectNoSecret(await fakeBrowser.storage.local.get(null));
  });
});

describe('createProjectHandlers', () => {
  const input = { projectUrl: 'https://site.example.org/page', projectName: 'Site' };
  const request = { workspaceId, ...input };

  function fakeApi(result: Result<{ projectId: string; message: string }>) {
    const createProject = vi.fn<ProjectApi['createProject']>(() => Promise.resolve(result));
    return { api: { createProject } satisfies ProjectApi, createProject };
  }

  it.each<[string, Partial<ConnectionSettings & Credentials>]>([
    ['nothing is set', {}],
    ['the project API URL is missing', { ...credentialsV1, userGroupBaseUrl: settingsV1.userGroupBaseUrl }],
    ['the API key is missing', { ...settingsV1, ...credentialsV1, apiKey: '' }],
    ['the auth token is missing', { ...settingsV1, ...credentialsV1, authToken: '' }],
  ])('NOT_CONFIGURED when %s, without calling the API', async (_label, stored) => {
    const { projectApiUrl = '', userGroupBaseUrl = '', apiToken = '', apiKey = '', authToken = '' } = stored;
    await seed({ userGroupBaseUrl, projectApiUrl, secretsArea: 'local' }, { apiToken, apiKey, authToken });
    grant(UG_PATTERN, PROJECT_PATTERN);
    const { api, createProject } = fakeApi(ok({ projectId: 'p', message: 'm' }));
    const result = await createProjects(api).createProject(request);
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_CONFIGURED' } });
    expect(createProject).not.toHaveBeenCalled();
  });

  it('ACCESS_NOT_GRANTED when the project API origin is not granted, without calling the API', async () => {
    await seed();
    const contains = grant(UG_PATTERN);
    const { api, createProject } = fakeApi(ok({ projectId: 'p', message: 'm' }));
    const result = await createProjects(api).createProject(request);
    expect(withText(result)).toEqual({
      ok: false,
      error: {
        code: 'ACCESS_NOT_GRANTED',
        message:
          'Review Companion has no access to https://projects.example.com. Open the settings and click Grant access.',
      },
    });
    expect(contains).toHaveBeenCalledWith({ origins: [PROJECT_PATTERN] });
    expect(createProject).not.toHaveBeenCalled();
  });

  it('passes the stored connection and the input to the API, and its success through', async () => {
    await seed({ ...settingsV1, secretsArea: 'session' });
    grant(PROJECT_PATTERN);
    const { api, createProject } = fakeApi(ok({ projectId: 'proj-42', message: 'Project created' }));
    const result = await createProjects(api).createProject(request);
    expect(result).toEqual({ ok: true, value: { projectId: 'proj-42', message: 'Project created' } });
    expect(createProject).toHaveBeenCalledWith(
      expect.objectContaining({ ...settingsV1, secretsArea: 'session', ...credentialsV1 }),
      input,
    );
  });

  it('passes an error through with its extra fields', async () => {
    await seed();
    grant(PROJECT_PATTERN);
    const error = fail<{ projectId: string; message: string }>(
      'ALREADY_EXISTS',
      verbatimText('This site already has a project (project ID p-7).'),
      { relatedId: 'p-7' },
    );
    const result = await createProjects(fakeApi(error).api).createProject(request);
    expect(result).toEqual(error);
  });

  it('redacts every credential the service echoed in its error message', async () => {
    await seed();
    grant(PROJECT_PATTERN);
    const echoed = fail<{ projectId: string; message: string }>(
      'UNAUTHENTICATED',
      verbatimText(`Bad key ${credentialsV1.apiKey} / token ${credentialsV1.authToken} / ${credentialsV1.apiToken}`),
      { maybeProcessed: false },
    );
    const result = await createProjects(fakeApi(echoed).api).createProject(request);
    expect(withText(result)).toEqual({
      ok: false,
      error: { code: 'UNAUTHENTICATED', message: 'Bad key •••• / token •••• / ••••', maybeProcessed: false },
    });
    expectNoSecret(result);
  });
});
