import { vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '@/entrypoints/background/background';
import { bulkAlarmFor, registerAlarmFor } from '@/entrypoints/background/bulk-alarm';
import type { ProjectApi } from '@/lib/api/project-api';
import type { UserGroupApi } from '@/lib/api/user-group-api';
import type { ConnectionSettings } from '@/lib/storage/connection/connection-schema';
import type { Credentials } from '@/lib/secrets';
import type { MessageName, RequestOf, ResponseOf } from '@/lib/messaging/protocol';
import { routeMessage } from '@/lib/messaging/router';
import type { GetManaged } from '@/lib/policy/read-policy';
import type { MessageSender } from '@/lib/messaging/sender-guard';
import { ok, type Result } from '@/lib/result';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { seedConnection } from '../helpers/stored-connection';

export const OPTIONS_PAGE: MessageSender = {
  id: 'test-extension-id',
  url: 'chrome-extension://test-extension-id/options.html',
};
const SELF = { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' };

/** Two service accounts, as an agency has them: each workspace its own addresses and secrets. */
export const ACCOUNTS = {
  a: {
    settings: {
      userGroupBaseUrl: 'https://ug.acme.example',
      projectApiUrl: 'https://projects.acme.example/create',
      secretsArea: 'local',
    },
    credentials: { apiToken: 'acme-api-token-1111', apiKey: 'acme-api-key-2222', authToken: 'acme-auth-token-3333' },
  },
  b: {
    settings: {
      userGroupBaseUrl: 'https://ug.globex.example',
      projectApiUrl: 'https://projects.globex.example/create',
      secretsArea: 'session',
    },
    credentials: {
      apiToken: 'globex-api-token-4444',
      apiKey: 'globex-api-key-5555',
      authToken: 'globex-auth-token-6666',
    },
  },
} satisfies Record<string, { settings: ConnectionSettings; credentials: Credentials }>;

export const WORKSPACE_A = 'aaaa1111';
export const WORKSPACE_B = 'bbbb2222';

/** The index of the two workspaces, A last used. */
export async function seedTwoWorkspaces(): Promise<void> {
  await fakeBrowser.storage.local.set({
    workspaces: {
      workspaces: [
        { id: WORKSPACE_A, name: 'Acme', createdAt: '2026-11-01T00:00:00.000Z' },
        { id: WORKSPACE_B, name: 'Globex', createdAt: '2026-11-02T00:00:00.000Z' },
      ],
    },
    lastUsedWorkspace: WORKSPACE_A,
  });
  await seedConnection(ACCOUNTS.a.settings, ACCOUNTS.a.credentials, workspaceScope(WORKSPACE_A));
  await seedConnection(ACCOUNTS.b.settings, ACCOUNTS.b.credentials, workspaceScope(WORKSPACE_B));
}

/** A workspace an organisation's policy sets: its project API with both secrets (the policy tests' own). */
export const ORG = {
  name: 'Acme (managed)',
  projectApiUrl: 'https://projects.org.example/create',
  apiKey: 'org-api-key-7777',
  authToken: 'org-auth-token-8888',
};

/** A service that answers with a group per create (its token names the API token it was called with), and a project id per page. */
export function fakeServices() {
  let serial = 0;
  const userGroupApi = {
    createUserGroup: vi.fn<UserGroupApi['createUserGroup']>((connection, group) =>
      Promise.resolve(
        ok({
          group: {
            team_id: (serial += 1),
            token: `ugt_${connection.apiToken}_${group.userGroupId}`,
            name: group.name,
            provided_id: group.userGroupId,
            api_environment_tag: group.environment,
          },
          created: true,
        }),
      ),
    ),
    rotateToken: vi.fn<UserGroupApi['rotateToken']>(() =>
      Promise.resolve(ok({ team_id: 1, token: `ugt_rotated_${(serial += 1)}`, name: 'x', provided_id: 'x' })),
    ),
    deleteUserGroup: vi.fn<UserGroupApi['deleteUserGroup']>(() => Promise.resolve(ok(null))),
  } satisfies UserGroupApi;
  const projectApi = {
    createProject: vi.fn<ProjectApi['createProject']>((connection) =>
      Promise.resolve(ok({ projectId: `prj_${connection.apiKey}_${(serial += 1)}`, message: 'Project created' })),
    ),
  } satisfies ProjectApi;
  return { userGroupApi, projectApi };
}

/** The background's handlers with fake services, every host permission granted; `getManaged`: the organisation's policy. */
export function startBackground(services = fakeServices(), getManaged?: GetManaged) {
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the code uses the Promise form
  vi.spyOn(browser.permissions, 'contains').mockImplementation(() => Promise.resolve(true));
  const { routes, index, workspaces, lock, applyPolicy } = createBackground(
    { ...services, bulkAlarm: bulkAlarmFor, registerAlarm: registerAlarmFor },
    getManaged,
  );
  /** Sends one message as the options page does: through the router (sender guard, request schema). */
  const send = <N extends MessageName>(name: N, request: RequestOf<N>) =>
    routeMessage(routes, SELF, { type: name, data: request }, OPTIONS_PAGE) as Promise<Result<ResponseOf<N>>>;
  return { send, routes, index, workspaces, lock, applyPolicy, services };
}

/** Every key of both areas that belongs to a workspace, with its value. */
export async function keysOf(workspaceId: string): Promise<Record<string, unknown>> {
  const prefix = workspaceScope(workspaceId);
  const all = { ...(await fakeBrowser.storage.local.get(null)), ...(await fakeBrowser.storage.session.get(null)) };
  return Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith(prefix)));
}
