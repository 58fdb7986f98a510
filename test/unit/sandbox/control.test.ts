import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RecordedRequest, type Sandbox } from '../../sandbox/server.ts';
import { call, createGroup, createGroupBody, projectBody, projectCall, userGroupCall } from './helpers.ts';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

function control(path: string, method = 'GET', body?: unknown): ReturnType<typeof call> {
  return call(`${sandbox.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('control endpoints', () => {
  it('lists themselves at the control URL', async () => {
    const answer = await control('');
    expect(answer.status).toBe(200);
    expect((answer.json as { endpoints: string[] }).endpoints).toContain('POST /__control/reset');
  });

  it('GET requests lists the recorded API requests, and control traffic is not recorded', async () => {
    await createGroup(sandbox, 'listed');
    await control('state');
    const answer = await control('requests');
    expect(answer.status).toBe(200);
    const listed = answer.json as RecordedRequest[];
    expect(listed.map((request) => [request.method, request.path, request.route])).toEqual([
      ['POST', '/ug/api/user', 'userGroup.create'],
    ]);
    expect(sandbox.requests).toHaveLength(1);
  });

  it('GET state shows groups, projects, the per-site rule and the faults', async () => {
    const group = await createGroup(sandbox, 'state');
    await projectCall(sandbox, projectBody('https://state.test/'));
    sandbox.setFault('userGroup.delete', { kind: 'hang', times: 1 });
    const answer = await control('state');
    expect(answer.json).toEqual({
      groups: [group],
      projects: sandbox.projects(),
      oneProjectPerSite: false,
      projectNameMaxLength: 300,
      faults: [{ route: 'userGroup.delete', fault: { kind: 'hang', times: 1 } }],
    });
  });

  it('POST faults sets a fault that the API then applies', async () => {
    const set = await control('faults', 'POST', {
      route: 'project.create',
      fault: { kind: 'rateLimit', retryAfterSeconds: 3, times: 1 },
    });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ ok: true });
    const limited = await projectCall(sandbox, projectBody('https://a.test/'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect((await projectCall(sandbox, projectBody('https://a.test/'))).status).toBe(200);
  });

  it.each([
    ['a body that is not JSON', '{', 'JSON object'],
    ['an unknown route', { route: 'project.delete', fault: { kind: 'hang' } }, 'route must be one of'],
    ['a missing fault', { route: 'project.create' }, 'fault must be an object'],
    ['an unknown kind', { route: 'project.create', fault: { kind: 'slow' } }, 'fault.kind must be one of'],
    ['a delay without ms', { route: 'project.create', fault: { kind: 'delay' } }, 'fault.ms'],
    ['a fractional ms', { route: 'project.create', fault: { kind: 'delay', ms: 1.5 } }, 'fault.ms'],
    [
      'a rate limit without retryAfterSeconds',
      { route: 'project.create', fault: { kind: 'rateLimit' } },
      'retryAfterSeconds',
    ],
    ['an html status 418', { route: 'project.create', fault: { kind: 'html', status: 418 } }, 'fault.status'],
    ['times 0', { route: 'project.create', fault: { kind: 'hang', times: 0 } }, 'fault.times'],
    ['everyNth as a string', { route: 'project.create', fault: { kind: 'hang', everyNth: '2' } }, 'fault.everyNth'],
    [
      'afterProcessing as a string',
      { route: 'project.create', fault: { kind: 'reset', afterProcessing: 'yes' } },
      'boolean',
    ],
    [
      'afterProcessing on a delay',
      { route: 'project.create', fault: { kind: 'delay', ms: 1, afterProcessing: true } },
      'afterProcessing applies only',
    ],
    [
      'an option of another kind',
      { route: 'project.create', fault: { kind: 'hang', ms: 5 } },
      'fault.ms is not an option',
    ],
  ])('POST faults answers 400 to %s', async (_case, body, message) => {
    const answer = await control('faults', 'POST', body);
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toContain(message);
    expect(((await control('state')).json as { faults: unknown[] }).faults).toEqual([]);
  });

  it('DELETE faults clears them', async () => {
    sandbox.setFault('project.create', { kind: 'html' });
    const answer = await control('faults', 'DELETE');
    expect(answer.json).toEqual({ ok: true });
    expect((await projectCall(sandbox, projectBody('https://a.test/'))).status).toBe(200);
  });

  it('POST reset clears state, requests and faults', async () => {
    await createGroup(sandbox, 'gone');
    await projectCall(sandbox, projectBody('https://gone.test/'));
    sandbox.setFault('userGroup.create', { kind: 'html' });
    const answer = await control('reset', 'POST');
    expect(answer.json).toEqual({ ok: true });
    expect(sandbox.groups()).toEqual([]);
    expect(sandbox.projects()).toEqual([]);
    expect(sandbox.requests).toEqual([]);
    const created = await createGroup(sandbox, 'fresh');
    expect(created.team_id).toBe(1001);
  });

  it('POST project-name-limit changes the longest projectName accepted, until the next reset', async () => {
    const name = 'n'.repeat(200);
    expect((await projectCall(sandbox, projectBody('https://limit.test/a', `${name}n`))).status).toBe(200);
    const set = await control('project-name-limit', 'POST', { max: 200 });
    expect(set.json).toEqual({ ok: true, max: 200 });
    expect((await projectCall(sandbox, projectBody('https://limit.test/b', name))).status).toBe(200);
    expect((await projectCall(sandbox, projectBody('https://limit.test/c', `${name}n`))).json).toEqual({
      error: { message: 'projectName must be at most 200 characters', status: 'INVALID_ARGUMENT' },
    });
    await control('reset', 'POST');
    expect((await control('state')).json).toMatchObject({ projectNameMaxLength: 300 });
  });

  it.each([{}, { max: 0 }, { max: 2.5 }, { max: '300' }])('POST project-name-limit answers 400 to %j', async (body) => {
    const answer = await control('project-name-limit', 'POST', body);
    expect(answer.status).toBe(400);
    expect((await control('state')).json).toMatchObject({ projectNameMaxLength: 300 });
  });

  it('POST one-project-per-site switches the rule', async () => {
    const on = await control('one-project-per-site', 'POST', { enabled: true });
    expect(on.json).toEqual({ ok: true, enabled: true });
    await projectCall(sandbox, projectBody('https://one.test/'));
    expect((await projectCall(sandbox, projectBody('https://one.test/b'))).status).toBe(409);
    await control('one-project-per-site', 'POST', { enabled: false });
    expect((await projectCall(sandbox, projectBody('https://one.test/b'))).status).toBe(200);
  });

  it.each([{}, { enabled: 'yes' }, 'true'])('POST one-project-per-site answers 400 to %j', async (body) => {
    const answer = await control('one-project-per-site', 'POST', body);
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toContain('enabled');
  });

  it('answers 404 to unknown control paths and 405 to wrong methods', async () => {
    expect((await control('nothing')).status).toBe(404);
    expect((await control('reset')).status).toBe(405);
    expect((await control('requests', 'POST', {})).status).toBe(405);
    expect(sandbox.requests).toEqual([]);
  });
});

describe('request recording', () => {
  it('keeps method, raw path, route, lowercased headers, the raw body and the arrival time', async () => {
    const before = Date.now();
    const raw = '{ "current_token": "",\n  "name": "Raw", "user_group_id": "raw", "api_environment_tag": "Testing" }';
    await call(`${sandbox.userGroupBaseUrl}/api/user?trace=1`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Token sandbox-api-token-7f3a',
        'X-Trace-Id': 'T-1',
      },
      body: raw,
    });
    const [recorded] = sandbox.requests;
    expect(recorded).toMatchObject({
      method: 'POST',
      path: '/ug/api/user?trace=1',
      route: 'userGroup.create',
      body: raw,
    });
    expect(recorded?.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Token sandbox-api-token-7f3a',
      'x-trace-id': 'T-1',
    });
    expect(Object.keys(recorded?.headers ?? {}).every((name) => name === name.toLowerCase())).toBe(true);
    expect(recorded?.time).toBeGreaterThanOrEqual(before);
    expect(recorded?.time).toBeLessThanOrEqual(Date.now());
  });

  it('records unknown paths with route null and wrong methods with route null', async () => {
    await call(`${sandbox.origin}/projects`, { method: 'POST', body: '{}' });
    await call(`${sandbox.projectApiUrl}/`, { method: 'GET' });
    expect(sandbox.requests.map((request) => [request.method, request.path, request.route])).toEqual([
      ['POST', '/projects', null],
      ['GET', '/projects/', null],
    ]);
  });

  it('records requests that fail validation', async () => {
    await projectCall(sandbox, projectBody('ftp://nope'), { headers: { 'x-service-api-key': 'wrong' } });
    expect(sandbox.requests).toHaveLength(1);
    expect(sandbox.requests[0]?.headers['x-service-api-key']).toBe('wrong');
  });

  it('keeps the same requests array across reset, so a held reference stays live', async () => {
    const held = sandbox.requests;
    await createGroup(sandbox, 'a');
    sandbox.reset();
    expect(held).toHaveLength(0);
    await createGroup(sandbox, 'b');
    expect(held).toHaveLength(1);
    expect(held).toBe(sandbox.requests);
  });

  it('does not record test pages or the favicon', async () => {
    await call(sandbox.pageUrl('quiet'));
    const favicon = await call(`${sandbox.origin}/favicon.ico`);
    expect(favicon.status).toBe(204);
    expect(sandbox.requests).toEqual([]);
  });
});

describe('test pages', () => {
  it('uses the title parameter for <title> and <h1>', async () => {
    const answer = await call(`${sandbox.origin}/pages/article?title=My%20Article`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('<title>My Article</title>');
    expect(answer.text).toContain('<h1>My Article</h1>');
  });

  it('falls back to "Sandbox page <slug>"', async () => {
    const answer = await call(sandbox.pageUrl('pricing'));
    expect(answer.text).toContain('<title>Sandbox page pricing</title>');
    expect(answer.text).toContain('<h1>Sandbox page pricing</h1>');
  });

  it('escapes the title and the slug', async () => {
    const evil = `<script>alert("x")</script> & 'quotes'`;
    const answer = await call(sandbox.pageUrl('a', evil));
    expect(answer.text).not.toContain('<script>');
    expect(answer.text).toContain(
      '<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;</title>',
    );
    const slug = await call(sandbox.pageUrl('<b>bold</b>'));
    expect(slug.text).toContain('<h1>Sandbox page &lt;b&gt;bold&lt;/b&gt;</h1>');
  });

  it('answers 404 without a slug or with a nested one, and 405 to POST', async () => {
    expect((await call(`${sandbox.origin}/pages/`)).status).toBe(404);
    expect((await call(`${sandbox.origin}/pages/a/b`)).status).toBe(404);
    expect((await call(sandbox.pageUrl('a'), { method: 'POST', body: 'x' })).status).toBe(405);
  });
});

describe('project pages', () => {
  it('shows a project the sandbox holds by its id, escaped, and is not recorded', async () => {
    const created = await projectCall(sandbox, projectBody('https://site.test/a?b=1&c=<2>', 'Launch <review>'));
    expect(created.status).toBe(200);
    const [project] = sandbox.projects();
    const answer = await call(`${sandbox.origin}/app/projects/${encodeURIComponent(project!.projectId)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('<h1>Launch &lt;review&gt;</h1>');
    expect(answer.text).toContain(`<code id="project-id">${project!.projectId}</code>`);
    expect(answer.text).toContain('https://site.test/a?b=1&amp;c=&lt;2&gt;');
    expect(sandbox.requests).toHaveLength(1);
  });

  it('answers 404 for an unknown id, without one or nested, and 405 to POST', async () => {
    const unknown = await call(`${sandbox.origin}/app/projects/prj_nothing`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('<h1>Unknown project</h1>');
    expect((await call(`${sandbox.origin}/app/projects/`)).status).toBe(404);
    expect((await call(`${sandbox.origin}/app/projects/a/b`)).status).toBe(404);
    expect((await call(`${sandbox.origin}/app/projects/x`, { method: 'POST', body: 'x' })).status).toBe(405);
  });
});

describe('body size limit', () => {
  const oneMiB = 1024 * 1024;

  it('answers 413 to a user-group body over 1 MiB and keeps serving', async () => {
    const answer = await userGroupCall(sandbox, 'x'.repeat(oneMiB + 1));
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ success: 0, message: 'Request body is larger than 1 MiB' });
    expect(sandbox.requests[0]).toMatchObject({ route: 'userGroup.create', body: '' });
    expect((await userGroupCall(sandbox, createGroupBody('after'))).status).toBe(200);
  });

  it('answers 413 to a project body over 1 MiB, even with a valid JSON shape', async () => {
    const answer = await projectCall(sandbox, projectBody('https://big.test/', 'n'.repeat(oneMiB)));
    expect(answer.status).toBe(413);
    expect((answer.json as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    expect(sandbox.projects()).toEqual([]);
  });

  it('accepts a body of exactly 1 MiB (then validates it as usual)', async () => {
    const answer = await userGroupCall(sandbox, ' '.repeat(oneMiB));
    expect(answer.status).toBe(400);
  });

  it('answers 413 on the control endpoints too', async () => {
    const answer = await control('faults', 'POST', 'x'.repeat(oneMiB + 1));
    expect(answer.status).toBe(413);
  });
});

describe('lifecycle', () => {
  it('exposes URLs built from the origin, and the demo credentials by default', () => {
    expect(sandbox.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.origin).toBe(`http://127.0.0.1:${sandbox.port}`);
    expect(sandbox.userGroupBaseUrl).toBe(`${sandbox.origin}/ug`);
    expect(sandbox.projectApiUrl).toBe(`${sandbox.origin}/projects`);
    expect(sandbox.controlUrl).toBe(`${sandbox.origin}/__control/`);
    expect(sandbox.pageUrl('a b', 'T&T')).toBe(`${sandbox.origin}/pages/a%20b?title=T%26T`);
    expect(sandbox.credentials).toEqual({
      apiToken: 'sandbox-api-token-7f3a',
      apiKey: 'sandbox-api-key-91c2',
      authToken: 'sandbox-auth-token-c4d8',
    });
  });

  it('returns copies: changing what groups() returned does not change the service', async () => {
    await createGroup(sandbox, 'copy');
    const [group] = sandbox.groups();
    if (group) group.token = 'tampered';
    expect(sandbox.groups()[0]?.token).not.toBe('tampered');
  });

  it('refuses to start on a port that is taken', async () => {
    await expect(startSandbox({ port: sandbox.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('stops answering after close(), which also ends idle keep-alive connections quickly', async () => {
    const own = await startSandbox();
    await userGroupCall(own, createGroupBody('k'));
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(fetch(own.pageUrl('x'))).rejects.toThrow(TypeError);
  });
});
