import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/server.ts';
import { call, createGroup, createGroupBody, userGroupCall, type UserGroupAnswer } from './helpers.ts';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

const TOKEN_PATTERN = /^ugt_[0-9a-f]{32}$/;

describe('user-group create', () => {
  it('creates a group and returns it with a fresh token', async () => {
    const answer = await userGroupCall(sandbox, createGroupBody('team-1', 'Customer', 'Team One'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const body = answer.json as UserGroupAnswer;
    expect(body).toEqual({
      success: 1,
      new_user_group: true,
      user_group: {
        team_id: 1001,
        token: expect.stringMatching(TOKEN_PATTERN) as unknown,
        name: 'Team One',
        provided_id: 'team-1',
        api_environment_tag: 'Customer',
      },
    });
    expect(sandbox.groups()).toEqual([body.user_group]);
  });

  it('numbers teams from 1001 upwards and gives each its own token', async () => {
    const first = await createGroup(sandbox, 'a');
    const second = await createGroup(sandbox, 'b');
    expect([first.team_id, second.team_id]).toEqual([1001, 1002]);
    expect(first.token).not.toBe(second.token);
  });

  it('creates when current_token is absent', async () => {
    const answer = await userGroupCall(sandbox, {
      name: 'n',
      user_group_id: 'no-token',
      api_environment_tag: 'Customer',
    });
    expect((answer.json as UserGroupAnswer).new_user_group).toBe(true);
    expect(sandbox.groups()).toHaveLength(1);
  });

  it('is get-or-create on (user_group_id, environment): the existing group comes back unchanged', async () => {
    const created = await createGroup(sandbox, 'team-1', 'Testing');
    const again = await userGroupCall(sandbox, createGroupBody('team-1', 'Testing', 'Another name'));
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ success: 1, new_user_group: false, user_group: created });
    expect(sandbox.groups()).toHaveLength(1);
  });

  it('treats the same id in the other environment as a different group', async () => {
    const customer = await createGroup(sandbox, 'shared-id', 'Customer');
    const testing = await createGroup(sandbox, 'shared-id', 'Testing');
    expect(testing.team_id).not.toBe(customer.team_id);
    expect(testing.token).not.toBe(customer.token);
    expect(sandbox.groups().map((group) => group.api_environment_tag)).toEqual(['Customer', 'Testing']);
  });

  it('accepts a Content-Type with a charset and a lowercase scheme word', async () => {
    const answer = await userGroupCall(sandbox, createGroupBody('x'), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        authorization: `token ${sandbox.credentials.apiToken}`,
      },
    });
    expect(answer.status).toBe(200);
  });

  const invalidBodies: [string, Record<string, unknown>, string][] = [
    ['name missing', { current_token: '', user_group_id: 'x', api_environment_tag: 'Customer' }, 'name'],
    ['name empty', { ...createGroupBody('x'), name: '' }, 'name'],
    ['name blank', { ...createGroupBody('x'), name: '   ' }, 'name'],
    ['name not a string', { ...createGroupBody('x'), name: 7 }, 'name'],
    ['user_group_id missing', { current_token: '', name: 'n', api_environment_tag: 'Customer' }, 'user_group_id'],
    ['user_group_id empty', { ...createGroupBody('x'), user_group_id: '' }, 'user_group_id'],
    ['user_group_id a number', { ...createGroupBody('x'), user_group_id: 42 }, 'user_group_id'],
    ['tag missing', { current_token: '', name: 'n', user_group_id: 'x' }, 'api_environment_tag'],
    ['tag unknown', { ...createGroupBody('x'), api_environment_tag: 'Production' }, 'api_environment_tag'],
    ['tag in the wrong case', { ...createGroupBody('x'), api_environment_tag: 'customer' }, 'api_environment_tag'],
    ['current_token not a string', { ...createGroupBody('x'), current_token: 5 }, 'current_token'],
  ];
  it.each(invalidBodies)('answers 400 naming the field when %s', async (_case, body, field) => {
    const answer = await userGroupCall(sandbox, body);
    expect(answer.status).toBe(400);
    const json = answer.json as { success: number; message: string };
    expect(json.success).toBe(0);
    expect(json.message).toContain(field);
    expect(sandbox.groups()).toEqual([]);
  });

  it.each([
    ['not JSON', '{"name": '],
    ['a JSON array', '[]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
    ['empty', ''],
  ])('answers 400 when the body is %s', async (_case, raw) => {
    const answer = await userGroupCall(sandbox, raw);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ success: 0, message: 'Request body must be a JSON object' });
  });
});

describe('user-group authentication and headers', () => {
  const unauthorized = { success: 0, message: 'Invalid or missing API token' };

  it.each([
    ['missing', undefined],
    ['a wrong token', 'Token wrong-token'],
    ['the Bearer scheme', `Bearer ${'sandbox-api-token-7f3a'}`],
    ['the bare token', 'sandbox-api-token-7f3a'],
    ['the scheme word only', 'Token '],
    ['two spaces', 'Token  sandbox-api-token-7f3a'],
  ])('answers 401 when Authorization is %s', async (_case, authorization) => {
    for (const method of ['POST', 'DELETE']) {
      const answer = await userGroupCall(sandbox, createGroupBody('x'), { method, headers: { authorization } });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual(unauthorized);
    }
    expect(sandbox.groups()).toEqual([]);
  });

  it.each([
    ['missing', undefined],
    ['text/plain', 'text/plain'],
    ['form data', 'application/x-www-form-urlencoded'],
  ])('answers 415 when Content-Type is %s', async (_case, contentType) => {
    const answer = await userGroupCall(sandbox, createGroupBody('x'), { headers: { 'content-type': contentType } });
    expect(answer.status).toBe(415);
    expect(answer.json).toEqual({ success: 0, message: 'Content-Type must be application/json' });
    expect(sandbox.groups()).toEqual([]);
  });

  it('checks the token before the Content-Type', async () => {
    const answer = await userGroupCall(sandbox, 'x', {
      headers: { authorization: undefined, 'content-type': 'text/plain' },
    });
    expect(answer.status).toBe(401);
  });

  it.each(['GET', 'PUT', 'PATCH'])('answers 405 to %s with the allowed methods', async (method) => {
    const answer = await userGroupCall(sandbox, createGroupBody('x'), { method });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST, DELETE');
    expect((answer.json as { success: number }).success).toBe(0);
  });

  it.each(['/ug/api/user/', '/api/user', '/ug//api/user', '/ug/api/users', '/UG/api/user'])(
    'answers 404 NOT_FOUND for %s (paths are matched exactly)',
    async (path) => {
      const answer = await call(`${sandbox.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${sandbox.credentials.apiToken}` },
        body: JSON.stringify(createGroupBody('x')),
      });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ error: { message: 'Not found', status: 'NOT_FOUND' } });
      expect(sandbox.groups()).toEqual([]);
    },
  );

  it('uses the credentials it was started with, keeping the defaults for the others', async () => {
    const custom = await startSandbox({ credentials: { apiToken: 'custom-token', apiKey: undefined } });
    try {
      expect(custom.credentials).toEqual({
        apiToken: 'custom-token',
        apiKey: 'sandbox-api-key-91c2',
        authToken: 'sandbox-auth-token-c4d8',
      });
      const demo = await userGroupCall(custom, createGroupBody('x'), {
        headers: { authorization: 'Token sandbox-api-token-7f3a' },
      });
      expect(demo.status).toBe(401);
      expect((await userGroupCall(custom, createGroupBody('x'))).status).toBe(200);
    } finally {
      await custom.close();
    }
  });
});

describe('user-group rotate', () => {
  it('gives the group a new token and the old one stops working at once', async () => {
    const created = await createGroup(sandbox, 'team-1');
    const rotated = await userGroupCall(sandbox, { current_token: created.token });
    expect(rotated.status).toBe(200);
    const body = rotated.json as UserGroupAnswer;
    expect(body.success).toBe(1);
    expect(body.user_group).toEqual({ ...created, token: expect.stringMatching(TOKEN_PATTERN) as unknown });
    expect(body.user_group.token).not.toBe(created.token);
    expect(sandbox.groups()).toEqual([body.user_group]);

    const withOld = await userGroupCall(sandbox, { current_token: created.token });
    expect(withOld.status).toBe(200);
    expect(withOld.json).toEqual({ success: 0, message: 'No user group has this token' });
    const deleteWithOld = await userGroupCall(sandbox, { current_token: created.token }, { method: 'DELETE' });
    expect((deleteWithOld.json as { success: number }).success).toBe(0);

    const again = await userGroupCall(sandbox, { current_token: body.user_group.token });
    expect((again.json as UserGroupAnswer).success).toBe(1);
  });

  it('answers success 0 for a token no group has', async () => {
    const answer = await userGroupCall(sandbox, { current_token: 'ugt_unknown' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: 0, message: 'No user group has this token' });
  });

  it('rotates only the group of the token, whatever else the body says', async () => {
    const a = await createGroup(sandbox, 'a');
    const b = await createGroup(sandbox, 'b');
    await userGroupCall(sandbox, { ...createGroupBody('b'), current_token: a.token });
    const [groupA, groupB] = sandbox.groups();
    expect(groupA?.token).not.toBe(a.token);
    expect(groupB).toEqual(b);
  });

  it('records create and rotate under their own route names', async () => {
    const created = await createGroup(sandbox, 'r');
    await userGroupCall(sandbox, { current_token: created.token });
    await userGroupCall(sandbox, { current_token: 'nope' }, { method: 'DELETE' });
    expect(sandbox.requests.map((request) => request.route)).toEqual([
      'userGroup.create',
      'userGroup.rotate',
      'userGroup.delete',
    ]);
  });
});

describe('user-group delete', () => {
  it('removes the group of the token', async () => {
    const keep = await createGroup(sandbox, 'keep');
    const drop = await createGroup(sandbox, 'drop');
    const answer = await userGroupCall(sandbox, { current_token: drop.token }, { method: 'DELETE' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: 1 });
    expect(sandbox.groups()).toEqual([keep]);

    const twice = await userGroupCall(sandbox, { current_token: drop.token }, { method: 'DELETE' });
    expect(twice.json).toEqual({ success: 0, message: 'No user group has this token' });
  });

  it('accepts a matching user_group_id and a data_source_provided_id', async () => {
    const group = await createGroup(sandbox, 'with-id');
    const answer = await userGroupCall(
      sandbox,
      { current_token: group.token, user_group_id: 'with-id', data_source_provided_id: 'ds-1' },
      { method: 'DELETE' },
    );
    expect(answer.json).toEqual({ success: 1 });
    expect(sandbox.groups()).toEqual([]);
  });

  it('refuses, and keeps the group, when user_group_id is not the group of the token', async () => {
    const group = await createGroup(sandbox, 'mine');
    const answer = await userGroupCall(
      sandbox,
      { current_token: group.token, user_group_id: 'someone-else' },
      { method: 'DELETE' },
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: 0, message: 'user_group_id does not match the user group of this token' });
    expect(sandbox.groups()).toEqual([group]);
  });

  it.each([
    ['current_token missing', { user_group_id: 'x' }, 'current_token'],
    ['current_token empty', { current_token: '' }, 'current_token'],
    ['user_group_id not a string', { current_token: 't', user_group_id: 1 }, 'user_group_id'],
    [
      'data_source_provided_id not a string',
      { current_token: 't', data_source_provided_id: {} },
      'data_source_provided_id',
    ],
  ])('answers 400 when %s', async (_case, body, field) => {
    const group = await createGroup(sandbox, 'safe');
    const answer = await userGroupCall(sandbox, body, { method: 'DELETE' });
    expect(answer.status).toBe(400);
    expect((answer.json as { success: number; message: string }).message).toContain(field);
    expect(sandbox.groups()).toEqual([group]);
  });
});
