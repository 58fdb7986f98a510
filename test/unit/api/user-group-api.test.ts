import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '@/lib/api/http';
import { createUserGroupApi, type UserGroupApiCredentials, type WireUserGroup } from '@/lib/api/user-group-api';
import type { Result } from '@/lib/result';
import { expectFailure as expectFailureWithout, expectOk } from '../helpers/results';
import { startSandbox, type Fault, type RouteName, type Sandbox } from '../../sandbox/server.ts';
import { messageText } from '@/lib/message-ref';

const SANDBOX_CREDENTIALS = {
  apiToken: 'unit-ug-api-token-6e2c81d4',
  apiKey: 'unit-api-key-0f3b7a95',
  authToken: 'unit-auth-token-2d9c4e17',
};
const FAKE_CREDENTIALS: UserGroupApiCredentials = {
  userGroupBaseUrl: 'https://ug.example.com/prefix',
  apiToken: 'fake-ug-api-token-9a8b7c6d',
};
const SECRETS = [SANDBOX_CREDENTIALS.apiToken, FAKE_CREDENTIALS.apiToken];
const TOKEN_PATTERN = /^ugt_[0-9a-f]{32}$/;

/** Asserts a failure with this code, and that nothing in it repeats the API token. */
const expectFailure = (result: Result<unknown>, code: string) => expectFailureWithout(result, code, SECRETS);

describe('user-group API against the sandbox', () => {
  let sandbox: Sandbox;
  let credentials: UserGroupApiCredentials;
  const api = createUserGroupApi({ fetch: (url, init) => fetch(url, init) });
  /** A short timeout only where the service is made to hang. */
  const impatientApi = createUserGroupApi({ fetch: (url, init) => fetch(url, init), timeoutMs: 300 });

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, credentials: SANDBOX_CREDENTIALS });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(() => {
    sandbox.reset();
    credentials = { userGroupBaseUrl: sandbox.userGroupBaseUrl, apiToken: SANDBOX_CREDENTIALS.apiToken };
  });

  /** Creates a group directly through the API (asserting success) and clears the request log. */
  async function seedGroup(
    userGroupId = 'team-1',
    environment: 'Customer' | 'Testing' = 'Customer',
    name = 'Team One',
  ) {
    const { group } = expectOk(await api.createUserGroup(credentials, { name, userGroupId, environment }));
    sandbox.requests.length = 0;
    return group;
  }

  function expectContractHeaders(index = 0) {
    const request = sandbox.requests[index]!;
    expect(request.path).toBe('/ug/api/user');
    expect(request.headers.authorization).toBe(`Token ${SANDBOX_CREDENTIALS.apiToken}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.cookie).toBeUndefined();
    expect(request.headers['x-service-api-key']).toBeUndefined();
    return request;
  }

  describe('the requests sent', () => {
    it.each(['', '/', '//'])(
      'create: POST {base}/api/user with exactly the contract’s body (base URL ending %j)',
      async (suffix) => {
        const result = await api.createUserGroup(
          { ...credentials, userGroupBaseUrl: sandbox.userGroupBaseUrl + suffix },
          { name: 'Team One', userGroupId: 'team-1', environment: 'Testing' },
        );
        expect(result.ok).toBe(true);
        expect(sandbox.requests).toHaveLength(1);
        const request = expectContractHeaders();
        expect(request.method).toBe('POST');
        expect(request.route).toBe('userGroup.create');
        expect(request.body).toBe(
          '{"current_token":"","name":"Team One","user_group_id":"team-1","api_environment_tag":"Testing"}',
        );
      },
    );

    it('rotate: POST with only the group’s current token', async () => {
      const group = await seedGroup();
      expect((await api.rotateToken(credentials, group.token)).ok).toBe(true);
      expect(sandbox.requests).toHaveLength(1);
      const request = expectContractHeaders();
      expect(request.method).toBe('POST');
      expect(request.route).toBe('userGroup.rotate');
      expect(JSON.parse(request.body)).toStrictEqual({ current_token: group.token });
    });

    it('delete: DELETE with current_token and user_group_id, no data_source_provided_id when none is given', async () => {
      const group = await seedGroup();
      expect(await api.deleteUserGroup(credentials, { currentToken: group.token, userGroupId: 'team-1' })).toEqual({
        ok: true,
        value: null,
      });
      const request = expectContractHeaders();
      expect(request.method).toBe('DELETE');
      expect(request.route).toBe('userGroup.delete');
      expect(JSON.parse(request.body)).toStrictEqual({ current_token: group.token, user_group_id: 'team-1' });
      expect(sandbox.groups()).toEqual([]);
    });

    it('delete: an empty data source id is not sent either', async () => {
      const group = await seedGroup();
      await api.deleteUserGroup(credentials, {
        currentToken: group.token,
        userGroupId: 'team-1',
        dataSourceProvidedId: '',
      });
      expect(JSON.parse(sandbox.requests[0]!.body)).toStrictEqual({
        current_token: group.token,
        user_group_id: 'team-1',
      });
    });

    it('delete: data_source_provided_id is sent when given', async () => {
      const group = await seedGroup();
      const result = await api.deleteUserGroup(credentials, {
        currentToken: group.token,
        userGroupId: 'team-1',
        dataSourceProvidedId: 'ds-77',
      });
      expect(result.ok).toBe(true);
      expect(JSON.parse(sandbox.requests[0]!.body)).toStrictEqual({
        current_token: group.token,
        user_group_id: 'team-1',
        data_source_provided_id: 'ds-77',
      });
    });
  });

  describe('get-or-create and rotation', () => {
    it('the first create returns a new group (created: true) exactly as the service has it', async () => {
      const value = expectOk(
        await api.createUserGroup(credentials, { name: 'Team One', userGroupId: 'team-1', environment: 'Customer' }),
      );
      expect(value.created).toBe(true);
      expect(value.group).toEqual({
        team_id: 1001,
        token: expect.stringMatching(TOKEN_PATTERN) as unknown,
        name: 'Team One',
        provided_id: 'team-1',
        api_environment_tag: 'Customer',
      });
      expect(sandbox.groups()).toEqual([value.group]);
    });

    it('a second create of the same id and environment returns the existing group with created: false', async () => {
      const first = expectOk(
        await api.createUserGroup(credentials, { name: 'Team One', userGroupId: 'team-1', environment: 'Customer' }),
      );
      const second = expectOk(
        await api.createUserGroup(credentials, { name: 'Renamed', userGroupId: 'team-1', environment: 'Customer' }),
      );
      expect(second.created).toBe(false);
      expect(second.group).toEqual(first.group);
      expect(sandbox.groups()).toHaveLength(1);
    });

    it('the same id in the other environment is a new group with its own token', async () => {
      const customer = expectOk(
        await api.createUserGroup(credentials, { name: 'Team', userGroupId: 'team-1', environment: 'Customer' }),
      );
      const testing = expectOk(
        await api.createUserGroup(credentials, { name: 'Team', userGroupId: 'team-1', environment: 'Testing' }),
      );
      expect(testing.created).toBe(true);
      expect(testing.group.api_environment_tag).toBe('Testing');
      expect(testing.group.team_id).not.toBe(customer.group.team_id);
      expect(testing.group.token).not.toBe(customer.group.token);
      expect(sandbox.groups()).toHaveLength(2);
    });

    it('rotate returns the group with a new token; the old token is refused afterwards', async () => {
      const group = await seedGroup();
      const rotated = expectOk(await api.rotateToken(credentials, group.token));
      expect(rotated).toEqual({ ...group, token: expect.stringMatching(TOKEN_PATTERN) as unknown });
      expect(rotated.token).not.toBe(group.token);
      expect(sandbox.groups()[0]!.token).toBe(rotated.token);

      const again = expectFailure(await api.rotateToken(credentials, group.token), 'REJECTED');
      expect(messageText(again.message)).toBe('The service refused: No user group has this token');
      expect(again.maybeProcessed).toBeUndefined();
      const deleteWithOld = expectFailure(
        await api.deleteUserGroup(credentials, { currentToken: group.token, userGroupId: 'team-1' }),
        'REJECTED',
      );
      expect(messageText(deleteWithOld.message)).toBe('The service refused: No user group has this token');
      expect(sandbox.groups()).toHaveLength(1);
      expect((await api.rotateToken(credentials, rotated.token)).ok).toBe(true);
    });

    it('delete with a user_group_id that does not match the token is refused and deletes nothing', async () => {
      const group = await seedGroup();
      const error = expectFailure(
        await api.deleteUserGroup(credentials, { currentToken: group.token, userGroupId: 'other' }),
        'REJECTED',
      );
      expect(messageText(error.message)).toBe(
        'The service refused: user_group_id does not match the user group of this token',
      );
      expect(sandbox.groups()).toHaveLength(1);
    });

    it('a create the service finds invalid (HTTP 400, success: 0) -> REJECTED with its message', async () => {
      const error = expectFailure(
        await api.createUserGroup(credentials, { name: '  ', userGroupId: 'x', environment: 'Customer' }),
        'REJECTED',
      );
      expect(messageText(error.message)).toBe('The service refused: name must be a non-empty string');
    });
  });

  describe('failures', () => {
    type Operation = 'create' | 'rotate' | 'delete';
    const ROUTES: Record<Operation, RouteName> = {
      create: 'userGroup.create',
      rotate: 'userGroup.rotate',
      delete: 'userGroup.delete',
    };
    const OPERATIONS: Operation[] = ['create', 'rotate', 'delete'];

    /** Runs one operation; rotate and delete act on a group created beforehand (without faults). */
    async function run(operation: Operation, client = api, creds = credentials): Promise<Result<unknown>> {
      if (operation === 'create')
        return client.createUserGroup(creds, { name: 'Team One', userGroupId: 'team-1', environment: 'Customer' });
      const group = await seedGroup();
      if (operation === 'rotate') return client.rotateToken(creds, group.token);
      return client.deleteUserGroup(creds, { currentToken: group.token, userGroupId: 'team-1' });
    }
    function fault(operation: Operation, value: Fault) {
      sandbox.setFault(ROUTES[operation], value);
    }

    it.each(['rotate', 'delete'] as const)(
      '%s: a refusal that repeats the group token sent (and the API token), in any case or encoding, holds none of them',
      async (operation) => {
        // A token that every encoding writes differently: the refusal is made before the sandbox looks it up.
        const token = 'ugt Tök/en+"x"&1';
        fault(operation, { kind: 'successZero', echoSecrets: true });
        const result =
          operation === 'rotate'
            ? await api.rotateToken(credentials, token)
            : await api.deleteUserGroup(credentials, { currentToken: token, userGroupId: 'team-1' });
        const words = messageText(expectFailure(result, 'REJECTED').message);
        expect(words).toMatch(/^The service refused: The service could not complete the request: (•••• ?)+$/);
        const forms = [token, credentials.apiToken].flatMap((secret) => [
          secret,
          secret.toUpperCase(),
          encodeURIComponent(secret),
          encodeURIComponent(secret).replaceAll('%20', '+'),
          JSON.stringify(secret).slice(1, -1),
        ]);
        for (const form of forms) expect(JSON.stringify(result).toLowerCase()).not.toContain(form.toLowerCase());
      },
    );

    it.each(OPERATIONS)(
      "%s: success: 0 -> REJECTED with the service's message, not maybe processed",
      async (operation) => {
        fault(operation, { kind: 'successZero' });
        const error = expectFailure(await run(operation), 'REJECTED');
        expect(messageText(error.message)).toBe('The service refused: The service could not complete the request');
        expect(error.maybeProcessed).toBeUndefined();
      },
    );

    it.each(OPERATIONS)(
      '%s: a wrong API token (HTTP 401) -> UNAUTHENTICATED, without repeating it',
      async (operation) => {
        const wrong = { ...credentials, apiToken: FAKE_CREDENTIALS.apiToken };
        const group = operation === 'create' ? undefined : await seedGroup();
        const result =
          operation === 'create'
            ? await api.createUserGroup(wrong, { name: 'Team One', userGroupId: 'team-1', environment: 'Customer' })
            : operation === 'rotate'
              ? await api.rotateToken(wrong, group!.token)
              : await api.deleteUserGroup(wrong, { currentToken: group!.token, userGroupId: 'team-1' });
        const error = expectFailure(result, 'UNAUTHENTICATED');
        expect(messageText(error.message)).toBe(
          `${sandbox.origin} rejected the credentials. Check them in the settings.`,
        );
        expect(sandbox.requests.at(-1)!.headers.authorization).toBe(`Token ${FAKE_CREDENTIALS.apiToken}`);
        expect(sandbox.groups()).toEqual(group ? [group] : []);
      },
    );

    it("the 'unauthorized' fault -> UNAUTHENTICATED", async () => {
      fault('create', { kind: 'unauthorized' });
      expectFailure(await run('create'), 'UNAUTHENTICATED');
    });

    it.each(OPERATIONS)('%s: 429 with Retry-After -> RATE_LIMITED with retryAfterSeconds', async (operation) => {
      fault(operation, { kind: 'rateLimit', retryAfterSeconds: 9 });
      const error = expectFailure(await run(operation), 'RATE_LIMITED');
      expect(error.retryAfterSeconds).toBe(9);
      expect(messageText(error.message)).toBe(`${sandbox.origin} is rate limiting requests. Try again in 9 seconds.`);
      expect(error.maybeProcessed).toBeUndefined();
    });

    it.each([
      ['create', 500],
      ['create', 502],
      ['rotate', 500],
      ['rotate', 502],
      ['delete', 503],
    ] as const)('%s: an HTML %i page -> SERVICE_ERROR, maybe processed', async (operation, status) => {
      fault(operation, { kind: 'html', status });
      const error = expectFailure(await run(operation), 'SERVICE_ERROR');
      expect(error.maybeProcessed).toBe(true);
      expect(messageText(error.message)).toBe(
        `${sandbox.origin} had a server error (HTTP ${status}). Try again in a moment.`,
      );
    });

    it('rotate: an HTML 502 after processing -> SERVICE_ERROR maybe processed, and the token did change', async () => {
      const group = await seedGroup();
      sandbox.setFault('userGroup.rotate', { kind: 'html', status: 502, afterProcessing: true });
      const error = expectFailure(await api.rotateToken(credentials, group.token), 'SERVICE_ERROR');
      expect(error.maybeProcessed).toBe(true);
      expect(sandbox.groups()[0]!.token).not.toBe(group.token);
    });

    it.each(
      OPERATIONS.flatMap(
        (operation) =>
          [
            [operation, 'malformedJson', 'a body that is not JSON'],
            [operation, 'wrongShape', 'JSON of an unexpected shape'],
          ] as const,
      ),
    )('%s: %s -> BAD_RESPONSE, maybe processed', async (operation, kind, what) => {
      fault(operation, { kind });
      const error = expectFailure(await run(operation), 'BAD_RESPONSE');
      expect(error.maybeProcessed).toBe(true);
      expect(messageText(error.message)).toBe(
        `${sandbox.origin} answered with ${what}; the change may or may not have happened.`,
      );
    });

    it.each(OPERATIONS)('%s: a hanging service -> TIMEOUT within the timeout, maybe processed', async (operation) => {
      fault(operation, { kind: 'hang' });
      const started = Date.now();
      const error = expectFailure(await run(operation, impatientApi), 'TIMEOUT');
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(error.maybeProcessed).toBe(true);
      expect(messageText(error.message)).toBe(`${sandbox.origin} did not answer within 300 ms.`);
    });

    it('rotate: a hang after processing -> TIMEOUT, and the service did rotate (the old token is gone)', async () => {
      const group = await seedGroup();
      sandbox.setFault('userGroup.rotate', { kind: 'hang', afterProcessing: true });
      const error = expectFailure(await impatientApi.rotateToken(credentials, group.token), 'TIMEOUT');
      expect(error.maybeProcessed).toBe(true);
      expect(sandbox.groups()[0]!.token).not.toBe(group.token);
    });

    it.each(OPERATIONS)('%s: a connection reset -> NETWORK, maybe processed', async (operation) => {
      fault(operation, { kind: 'reset' });
      const error = expectFailure(await run(operation), 'NETWORK');
      expect(error.maybeProcessed).toBe(true);
      expect(messageText(error.message)).toBe(
        `Could not reach ${sandbox.origin}. Check the address and your network connection.`,
      );
    });

    it('a closed port -> NETWORK', async () => {
      const gone = await startSandbox({ port: 0 });
      await gone.close();
      expectFailure(await run('create', api, { ...credentials, userGroupBaseUrl: gone.userGroupBaseUrl }), 'NETWORK');
    });

    it('a wrong base path (HTTP 404) -> BAD_RESPONSE naming the status, not maybe processed', async () => {
      const error = expectFailure(
        await run('create', api, { ...credentials, userGroupBaseUrl: `${sandbox.origin}/nope` }),
        'BAD_RESPONSE',
      );
      expect(messageText(error.message)).toBe(`${sandbox.origin} answered with an unexpected HTTP 404.`);
      expect(error.maybeProcessed).toBeUndefined();
    });

    it('a fault limited to one request: the next call succeeds', async () => {
      fault('create', { kind: 'html', status: 500, times: 1 });
      expectFailure(await run('create'), 'SERVICE_ERROR');
      expect((await run('create')).ok).toBe(true);
    });
  });
});

describe('user-group API answers (fake fetch)', () => {
  const origin = 'https://ug.example.com';
  const input = { name: 'Team One', userGroupId: 'team-1', environment: 'Customer' } as const;

  function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchFn: FetchLike = (url, init) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers }));
    };
    return { api: createUserGroupApi({ fetch: fetchFn }), calls };
  }

  const wire = (extra: Record<string, unknown> = {}): WireUserGroup => ({
    team_id: 7,
    token: 'ugt_wire_token_1',
    name: 'Team One',
    provided_id: 'team-1',
    api_environment_tag: 'Customer',
    ...extra,
  });

  it('sends to {base}/api/user with the token header, JSON content type and no cookies', async () => {
    const { api, calls } = answering(200, { success: 1, user_group: wire() });
    await api.createUserGroup(FAKE_CREDENTIALS, input);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://ug.example.com/prefix/api/user');
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${FAKE_CREDENTIALS.apiToken}` },
      credentials: 'omit',
    });
  });

  it('keeps unknown fields of the group on create', async () => {
    const group = wire({ dashboard_url: 'https://ug.example.com/d/7', seats: 25, owner: { email: 'a@example.com' } });
    const { api } = answering(200, { success: 1, new_user_group: true, user_group: group, request_id: 'r-1' });
    expect(await api.createUserGroup(FAKE_CREDENTIALS, input)).toEqual({ ok: true, value: { group, created: true } });
  });

  it('keeps unknown fields of the group on rotate', async () => {
    const group = wire({ dashboard_url: 'https://ug.example.com/d/7', token: 'ugt_rotated' });
    const { api } = answering(200, { success: 1, user_group: group });
    expect(await api.rotateToken(FAKE_CREDENTIALS, 'ugt_old')).toEqual({ ok: true, value: group });
  });

  it.each<[string, unknown, boolean]>([
    ['new_user_group: false', false, false],
    ['new_user_group: true', true, true],
    ['no new_user_group field', undefined, true],
  ])('created flag with %s', async (_label, flag, created) => {
    const { api } = answering(200, {
      success: 1,
      user_group: wire(),
      ...(flag === undefined ? {} : { new_user_group: flag }),
    });
    const result = await api.createUserGroup(FAKE_CREDENTIALS, input);
    expect(result.ok && result.value.created).toBe(created);
  });

  it('a group without api_environment_tag is accepted (the tag is optional in answers)', async () => {
    const group: Partial<WireUserGroup> = wire();
    delete group.api_environment_tag;
    const { api } = answering(200, { success: 1, user_group: group });
    expect(await api.rotateToken(FAKE_CREDENTIALS, 'ugt_old')).toEqual({ ok: true, value: group });
  });

  it.each<[string, number, unknown, string]>([
    [
      'success: 0 with message',
      200,
      { success: 0, message: ' Group limit reached ' },
      'The service refused: Group limit reached',
    ],
    ['success: 0 with error', 200, { success: 0, error: 'Bad id' }, 'The service refused: Bad id'],
    ['success: 0 without a reason', 200, { success: 0 }, 'The service refused the request (success: 0).'],
    [
      'success: 0 with HTTP 400',
      400,
      { success: 0, message: 'user_group_id too long' },
      'The service refused: user_group_id too long',
    ],
  ])('%s -> REJECTED', async (_label, status, body, message) => {
    const { api } = answering(status, body);
    const error = expectFailure(await api.createUserGroup(FAKE_CREDENTIALS, input), 'REJECTED');
    expect(messageText(error.message)).toBe(message);
    expect(error.maybeProcessed).toBeUndefined();
  });

  it.each<[number, unknown, Record<string, string>, string, string, boolean | undefined]>([
    [
      401,
      { success: 0, message: 'Invalid token' },
      {},
      'UNAUTHENTICATED',
      `${origin} rejected the credentials. Check them in the settings.`,
      undefined,
    ],
    [
      403,
      { success: 0, message: 'Forbidden' },
      {},
      'PERMISSION_DENIED',
      `${origin} refused access with these credentials.`,
      undefined,
    ],
    [
      429,
      'Too many',
      { 'Retry-After': '30' },
      'RATE_LIMITED',
      `${origin} is rate limiting requests. Try again in 30 seconds.`,
      undefined,
    ],
    [429, 'Too many', {}, 'RATE_LIMITED', `${origin} is rate limiting requests. Try again in a moment.`, undefined],
    [
      500,
      { success: 0, message: 'db down' },
      {},
      'SERVICE_ERROR',
      `${origin} had a server error (HTTP 500). Try again in a moment.`,
      true,
    ],
    [
      502,
      '<html>Bad gateway</html>',
      {},
      'SERVICE_ERROR',
      `${origin} had a server error (HTTP 502). Try again in a moment.`,
      true,
    ],
    [418, '{"teapot":true}', {}, 'BAD_RESPONSE', `${origin} answered with an unexpected HTTP 418.`, undefined],
    [
      200,
      '',
      {},
      'BAD_RESPONSE',
      `${origin} answered with a body that is not JSON; the change may or may not have happened.`,
      true,
    ],
    [
      200,
      { success: 1 },
      {},
      'BAD_RESPONSE',
      `${origin} answered with JSON of an unexpected shape; the change may or may not have happened.`,
      true,
    ],
    [
      200,
      { success: 1, user_group: { team_id: 7, token: '', name: 'n', provided_id: 'p' } },
      {},
      'BAD_RESPONSE',
      `${origin} answered with JSON of an unexpected shape; the change may or may not have happened.`,
      true,
    ],
    [
      200,
      { success: '1', user_group: { team_id: 7, token: 't', name: 'n', provided_id: 'p' } },
      {},
      'BAD_RESPONSE',
      `${origin} answered with JSON of an unexpected shape; the change may or may not have happened.`,
      true,
    ],
  ])('HTTP %i %j -> %s', async (status, body, headers, code, message, maybeProcessed) => {
    const { api } = answering(status, body, headers);
    const error = expectFailure(await api.createUserGroup(FAKE_CREDENTIALS, input), code);
    expect(messageText(error.message)).toBe(message);
    expect(error.maybeProcessed).toBe(maybeProcessed);
  });

  it('delete accepts success: 1 with extra fields', async () => {
    const { api } = answering(200, { success: 1, deleted: true });
    expect(await api.deleteUserGroup(FAKE_CREDENTIALS, { currentToken: 't', userGroupId: 'team-1' })).toEqual({
      ok: true,
      value: null,
    });
  });

  it('a fetch that throws (network down) -> NETWORK, maybe processed, without the token', async () => {
    const api = createUserGroupApi({
      fetch: () => Promise.reject(new TypeError(`fetch failed ${FAKE_CREDENTIALS.apiToken}`)),
    });
    const error = expectFailure(await api.rotateToken(FAKE_CREDENTIALS, 'ugt_old'), 'NETWORK');
    expect(error.maybeProcessed).toBe(true);
  });
});
