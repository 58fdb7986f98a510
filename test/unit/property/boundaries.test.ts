// Bad input at every boundary: whatever arrives (a message, a response body, a stored value), the code
// answers with a Result and never throws past the boundary; and no error that leaves the background
// carries a credential, even when the service echoes one back.
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { bulkAlarmFor, registerAlarmFor } from '@/entrypoints/background/bulk-alarm';
import { createBackground } from '@/entrypoints/background/background';
import { createWorkspaceServices } from '@/entrypoints/background/workspace-services';
import { createProjectService } from '@/lib/projects/project-service';
import { createGroupOperations } from '@/lib/user-groups/operations/group-operations';
import { createConnectionRepository } from '@/lib/connection/connection-repository';
import { createHistoryRecorder } from '@/lib/storage/history/history-writer';
import { createProjectApi } from '@/lib/api/project-api';
import { createUserGroupApi } from '@/lib/api/user-group-api';
import { protocol, type MessageName } from '@/lib/messaging/protocol';
import { routeMessage, type Routes } from '@/lib/messaging/router';
import { resultSchema } from '@/lib/result';
import { connectionSettingsSchema, storedCredentialsSchema } from '@/lib/storage/connection/connection-schema';
import { credentialsItemsFor } from '@/lib/storage/credentials/credentials-items';
import { connectionSettingsItemFor } from '@/lib/storage/connection/connection-settings-item';
import { readValidated } from '@/lib/storage/validated-item';
import { storedBulkJobSchema } from '@/lib/storage/bulk-job/bulk-job-schema';
import { createBulkJobStore } from '@/lib/storage/bulk-job/bulk-job-store';
import { createRegistryWriter } from '@/lib/storage/registry/registry-writer';
import { createPartTokenVault } from '@/lib/storage/credentials/part-token-vault';
import { clearStoredRegistry } from '../helpers/stored-registry';
import { LONE_WORKSPACE } from '../helpers/workspace-context';
import { TEST_INDEX_STORAGE, TEST_SCOPE, TEST_WORKSPACE_ID, testKey } from '../helpers/test-workspace';

const SECRETS = {
  apiToken: 'prop-api-token-31d9a7',
  apiKey: 'prop-api-key-c05e22',
  authToken: 'prop-auth-token-88f1b4',
};
const SELF = { id: 'ext-id', origin: 'chrome-extension://ext-id/' };
const OWN_PAGE = { id: 'ext-id', url: 'chrome-extension://ext-id/options.html' };
const RUNS = { numRuns: 150 };
/**
 * Each property runs its body 40 to 200 times through the real code (storage, crypto, the router): a
 * few seconds on a 2-core machine, longer when it is busy. The bound is the whole run's, not a run's.
 */
vi.setConfig({ testTimeout: 30_000 });
const CONNECTION_STORAGE = {
  ...TEST_INDEX_STORAGE,
  [testKey('connectionSettings')]: {
    userGroupBaseUrl: 'https://ug.example.com',
    projectApiUrl: 'https://projects.example.com',
    secretsArea: 'local',
  },
  [testKey('credentials')]: {
    userGroup: { origin: 'https://ug.example.com', apiToken: SECRETS.apiToken },
    project: { origin: 'https://projects.example.com', apiKey: SECRETS.apiKey, authToken: SECRETS.authToken },
  },
};

beforeEach(async () => {
  fakeBrowser.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
  vi.spyOn(browser.permissions, 'contains').mockImplementation(() => Promise.resolve(true));
  await fakeBrowser.storage.local.set(CONNECTION_STORAGE);
});

/** A response body as a service might send it: JSON of any shape, sometimes echoing a secret, or not JSON. */
const secretText = fc
  .constantFrom(...Object.values(SECRETS))
  .chain((secret) => fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}${secret}${b}`));
const anyText = fc.oneof(fc.string(), secretText);
const bodyArbitrary = fc.oneof(
  fc.json(),
  anyText,
  fc
    .record({
      error: fc.record(
        {
          message: anyText,
          status: fc.oneof(
            fc.constantFrom('INVALID_ARGUMENT', 'ALREADY_EXISTS', 'UNAUTHENTICATED', 'constructor', '__proto__'),
            fc.string(),
          ),
          details: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    })
    .map((v) => JSON.stringify(v)),
  fc
    .record(
      { success: fc.constantFrom(0, 1, '1', null), message: anyText, error: anyText, user_group: fc.anything() },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
);
const responseArbitrary = fc.record({
  status: fc.integer({ min: 200, max: 599 }),
  body: bodyArbitrary,
  retryAfter: fc.option(fc.oneof(fc.nat().map(String), fc.string()), { nil: undefined }),
});

function fakeFetch(response: { status: number; body: string; retryAfter?: string }) {
  return () =>
    Promise.resolve(
      new Response(response.body, {
        status: response.status,
        headers:
          response.retryAfter === undefined
            ? {}
            : { 'Retry-After': response.retryAfter.replace(/[^\t\x20-\x7e]/g, '') },
      }),
    );
}

function expectSafeError(result: { ok: boolean }) {
  if (result.ok) return;
  const text = JSON.stringify(result);
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

/** Every handler as the background wires them (workspaces included), with this fetch. */
function allHandlers(fetchFn: () => Promise<Response>): Routes {
  return createBackground({
    projectApi: createProjectApi({ fetch: fetchFn }),
    userGroupApi: createUserGroupApi({ fetch: fetchFn }),
    bulkAlarm: bulkAlarmFor,
    registerAlarm: registerAlarmFor,
  }).routes;
}

/** Any data, or an object of any fields that names the test workspace (so that its handlers run). */
const messageData = fc.oneof(
  fc.anything(),
  fc.dictionary(fc.string(), fc.anything()).map((data) => ({ ...data, workspaceId: TEST_WORKSPACE_ID })),
);

const createProjects = (api: ReturnType<typeof createProjectApi>) =>
  createProjectService({
    api,
    connection: createConnectionRepository(TEST_SCOPE),
    history: createHistoryRecorder(TEST_SCOPE),
  });
const createGroups = (api: ReturnType<typeof createUserGroupApi>, registry: ReturnType<typeof createRegistryWriter>) =>
  createGroupOperations({ api, connection: createConnectionRepository(TEST_SCOPE), registry });

describe('the message boundary', () => {
  it('answers any message from an own page with a valid Result, never a throw', async () => {
    const routes = allHandlers(() => Promise.reject(new TypeError('offline')));
    const names = Object.keys(protocol) as MessageName[];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.anything(), fc.record({ type: fc.constantFrom(...names), data: messageData })),
        async (message) => {
          const result = await routeMessage(routes, SELF, message, OWN_PAGE);
          expect(resultSchema(z.unknown()).safeParse(result).success).toBe(true);
          expectSafeError(result);
        },
      ),
      RUNS,
    );
  });

  it('answers every message of the protocol with its own response schema or an error', async () => {
    const routes = allHandlers(() => Promise.reject(new TypeError('offline')));
    for (const name of Object.keys(protocol) as MessageName[]) {
      await fc.assert(
        fc.asyncProperty(messageData, async (data) => {
          const result = await routeMessage(routes, SELF, { type: name, data }, OWN_PAGE);
          expect(resultSchema(protocol[name].response).safeParse(result).success).toBe(true);
        }),
        { numRuns: 40 },
      );
    }
  });
});

describe('the API response boundary', () => {
  it('createProject turns any response into a Result without a credential in its error', async () => {
    await fc.assert(
      fc.asyncProperty(responseArbitrary, async (response) => {
        const projects = createProjects(createProjectApi({ fetch: fakeFetch(response) }));
        const result = await projects.createProject({ projectUrl: 'https://example.com/', projectName: 'Page' });
        expect(resultSchema(protocol.createProject.response).safeParse(result).success).toBe(true);
        expectSafeError(result);
      }),
      RUNS,
    );
  });

  it('user-group calls turn any response into a Result without a credential in its error', async () => {
    await fc.assert(
      fc.asyncProperty(responseArbitrary, fc.string({ minLength: 1, maxLength: 20 }), async (response, id) => {
        await clearStoredRegistry();
        const groups = createGroups(
          createUserGroupApi({ fetch: fakeFetch(response) }),
          createRegistryWriter(TEST_SCOPE, createPartTokenVault(TEST_SCOPE)),
        );
        const created = await groups.create({ name: 'Group', userGroupId: id.trim() || 'x', environment: 'Customer' });
        expect(resultSchema(protocol.createUserGroup.response).safeParse(created).success).toBe(true);
        expectSafeError(created);
      }),
      RUNS,
    );
  });
});

describe('the storage boundary', () => {
  it('reads any stored settings or credentials as valid data, resetting what is not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), async (settings, credentials) => {
        await fakeBrowser.storage.local.set({
          [testKey('connectionSettings')]: settings,
          [testKey('credentials')]: credentials,
        });
        const readSettings = await readValidated(
          connectionSettingsItemFor(TEST_SCOPE),
          connectionSettingsSchema,
          'storedConnectionSettings',
        );
        const readCredentials = await readValidated(
          credentialsItemsFor(TEST_SCOPE).local,
          storedCredentialsSchema,
          'storedCredentials',
        );
        expect(connectionSettingsSchema.safeParse(readSettings).success).toBe(true);
        expect(storedCredentialsSchema.safeParse(readCredentials).success).toBe(true);
      }),
      RUNS,
    );
  });

  it('a stored bulk job and rows of any shape or version: read as a valid job or none, and the runner ends without a throw', async () => {
    const often = <T, U>(likely: fc.Arbitrary<T>, rarely: fc.Arbitrary<U>) =>
      fc.oneof({ arbitrary: likely, weight: 4 }, { arbitrary: rarely, weight: 1 });
    const row = fc.record({
      line: fc.nat(9),
      name: often(fc.constant('A'), fc.constant(' ')),
      userGroupId: fc.constantFrom('a', 'b'),
      environment: fc.constantFrom('Customer', 'Testing'),
      attempts: fc.nat(2),
    });
    const id = often(fc.constant('j1'), fc.constant('j2'));
    // Near-valid jobs of both versions, with cursors that need not fit their rows.
    const job = fc.record(
      {
        id,
        status: fc.constantFrom('running', 'paused', 'cancelled', 'done'),
        ratePerMinute: fc.constant(null),
        total: fc.nat(5),
        skipped: fc.nat(5),
        created: fc.nat(5),
        existed: fc.nat(5),
        failed: fc.constant([]),
        queued: fc.nat(2),
        retries: fc.array(fc.nat(3), { maxLength: 2 }),
        next: fc.nat(4),
        inFlight: often(fc.nat(4), fc.constantFrom('Customer:a', 'Testing:b')),
        remaining: fc.array(row, { maxLength: 3 }),
        notBefore: fc.constant(0),
        startedAt: fc.constant('2025-01-01T00:00:00.000Z'),
        updatedAt: fc.constant('2025-01-01T00:00:00.000Z'),
      },
      {
        requiredKeys: [
          'id',
          'status',
          'ratePerMinute',
          'total',
          'skipped',
          'created',
          'existed',
          'failed',
          'queued',
          'retries',
          'next',
          'notBefore',
          'startedAt',
          'updatedAt',
        ],
      },
    );
    const rows = fc.record({ jobId: id, rows: fc.array(row, { maxLength: 2 }) });
    await fc.assert(
      fc.asyncProperty(
        often(job, fc.anything()),
        often(rows, fc.anything()),
        fc.constantFrom(undefined, 1, 2),
        async (storedJob, storedRows, version) => {
          await fakeBrowser.storage.local.clear();
          await fakeBrowser.storage.local.set({
            ...CONNECTION_STORAGE,
            [testKey('bulkCreateJob')]: storedJob,
            [testKey('bulkCreateRows')]: storedRows,
            ...(version && { [`${testKey('bulkCreateJob')}$`]: { v: version } }),
          });
          const errors = vi.mocked(console.error);
          errors.mockClear();
          const offline = createUserGroupApi({ fetch: () => Promise.reject(new TypeError('offline')) });
          const services = createWorkspaceServices(
            TEST_WORKSPACE_ID,
            {
              projectApi: createProjectApi({ fetch: () => Promise.reject(new TypeError('offline')) }),
              userGroupApi: offline,
              bulkAlarm: bulkAlarmFor,
              registerAlarm: registerAlarmFor,
            },
            LONE_WORKSPACE,
          );
          await services.runner().wake();
          const after = await createBulkJobStore(TEST_SCOPE).read();
          expect(storedBulkJobSchema.safeParse(after).success).toBe(true);
          expect(after?.status).not.toBe('running');
          expect(errors).not.toHaveBeenCalled();
        },
      ),
      { numRuns: 200 },
    );
  });
});
