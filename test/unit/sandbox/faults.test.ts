import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Fault, type Sandbox } from '../../sandbox/server.ts';
import {
  createGroup,
  createGroupBody,
  projectBody,
  projectCall,
  userGroupCall,
  type ProjectError,
  type UserGroupAnswer,
} from './helpers.ts';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.reset());

const HTML_BODY = '<html><body><h1>Internal Server Error</h1></body></html>';

/** The error fetch throws, or undefined if it answered. */
async function fetchError(request: Promise<unknown>): Promise<unknown> {
  try {
    await request;
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('delay', () => {
  it('waits, then answers normally', async () => {
    sandbox.setFault('userGroup.create', { kind: 'delay', ms: 150 });
    const started = performance.now();
    const answer = await userGroupCall(sandbox, createGroupBody('slow'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect((answer.json as UserGroupAnswer).new_user_group).toBe(true);
    expect(sandbox.groups()).toHaveLength(1);
  });
});

describe('hang', () => {
  it('never answers: the client times out and nothing changed', async () => {
    sandbox.setFault('userGroup.create', { kind: 'hang' });
    const error = await fetchError(userGroupCall(sandbox, createGroupBody('h'), { signal: AbortSignal.timeout(200) }));
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
    expect(sandbox.groups()).toEqual([]);
    expect(sandbox.requests.map((request) => request.route)).toEqual(['userGroup.create']);
  });

  it('with afterProcessing, changes the state and still never answers', async () => {
    sandbox.setFault('project.create', { kind: 'hang', afterProcessing: true });
    const error = await fetchError(
      projectCall(sandbox, projectBody('https://lost.test/'), { signal: AbortSignal.timeout(200) }),
    );
    expect((error as DOMException).name).toBe('TimeoutError');
    expect(sandbox.projects().map((project) => project.projectUrl)).toEqual(['https://lost.test/']);
  });

  it('does not keep close() waiting, and the hanging client sees the connection end', async () => {
    const own = await startSandbox();
    own.setFault('project.create', { kind: 'hang' });
    const pending = fetchError(projectCall(own, projectBody('https://a.test/')));
    // Wait until the request has reached the sandbox, so close() really has a hanging connection.
    for (let i = 0; i < 100 && own.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(own.requests).toHaveLength(1);
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(TypeError);
    await own.close(); // idempotent
  });
});

describe('reset', () => {
  it('destroys the connection without an answer and changes nothing', async () => {
    sandbox.setFault('project.create', { kind: 'reset' });
    const error = await fetchError(projectCall(sandbox, projectBody('https://a.test/')));
    expect(error).toBeInstanceOf(TypeError);
    expect(sandbox.projects()).toEqual([]);
    expect(sandbox.requests).toHaveLength(1);
  });

  it('with afterProcessing on rotate, the token really rotated although the answer was lost', async () => {
    const group = await createGroup(sandbox, 'rot');
    sandbox.setFault('userGroup.rotate', { kind: 'reset', afterProcessing: true, times: 1 });
    const error = await fetchError(userGroupCall(sandbox, { current_token: group.token }));
    expect(error).toBeInstanceOf(TypeError);

    const [stored] = sandbox.groups();
    expect(stored?.token).not.toBe(group.token);
    const withOld = await userGroupCall(sandbox, { current_token: group.token });
    expect(withOld.json).toEqual({ success: 0, message: 'No user group has this token' });
    const withNew = await userGroupCall(sandbox, { current_token: stored?.token });
    expect((withNew.json as UserGroupAnswer).success).toBe(1);
  });
});

describe('html', () => {
  it('answers 500 text/html by default', async () => {
    sandbox.setFault('userGroup.create', { kind: 'html' });
    const answer = await userGroupCall(sandbox, createGroupBody('x'));
    expect(answer.status).toBe(500);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.text).toBe(HTML_BODY);
    expect(sandbox.groups()).toEqual([]);
  });

  it.each([502, 503] as const)('answers %i when asked', async (status) => {
    sandbox.setFault('project.create', { kind: 'html', status });
    const answer = await projectCall(sandbox, projectBody('https://a.test/'));
    expect(answer.status).toBe(status);
    expect(answer.text).toBe(HTML_BODY);
  });

  it('with afterProcessing, the project exists although the answer is an error page', async () => {
    sandbox.setFault('project.create', { kind: 'html', status: 502, afterProcessing: true });
    const answer = await projectCall(sandbox, projectBody('https://a.test/'));
    expect(answer.status).toBe(502);
    expect(sandbox.projects()).toHaveLength(1);
  });
});

describe('answers of the wrong kind', () => {
  it('rateLimit: 429 with Retry-After and the user-group failure body', async () => {
    sandbox.setFault('userGroup.create', { kind: 'rateLimit', retryAfterSeconds: 7 });
    const answer = await userGroupCall(sandbox, createGroupBody('x'));
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(answer.json).toEqual({ success: 0, message: 'Rate limit exceeded' });
    expect(sandbox.groups()).toEqual([]);
  });

  it('rateLimit: 429 with Retry-After and RESOURCE_EXHAUSTED on the project API', async () => {
    sandbox.setFault('project.create', { kind: 'rateLimit', retryAfterSeconds: 30 });
    const answer = await projectCall(sandbox, projectBody('https://a.test/'));
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(answer.json).toEqual({ error: { message: 'Rate limit exceeded', status: 'RESOURCE_EXHAUSTED' } });
  });

  it('malformedJson: 200 application/json that does not parse', async () => {
    sandbox.setFault('userGroup.create', { kind: 'malformedJson' });
    const answer = await userGroupCall(sandbox, createGroupBody('x'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.text).toBe('{"success": 1, "user_group": {');
    expect(answer.json).toBeUndefined();
  });

  it('malformedJson on the project API is truncated too', async () => {
    sandbox.setFault('project.create', { kind: 'malformedJson' });
    const answer = await projectCall(sandbox, projectBody('https://a.test/'));
    expect(answer.status).toBe(200);
    expect(answer.text.startsWith('{"result"')).toBe(true);
    expect(answer.json).toBeUndefined();
  });

  it.each(['userGroup.create', 'project.create'] as const)(
    'wrongShape: 200 JSON of another shape on %s',
    async (route) => {
      sandbox.setFault(route, { kind: 'wrongShape' });
      const answer =
        route === 'project.create'
          ? await projectCall(sandbox, projectBody('https://a.test/'))
          : await userGroupCall(sandbox, createGroupBody('x'));
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ ok: true, data: [] });
      expect(sandbox.groups()).toEqual([]);
      expect(sandbox.projects()).toEqual([]);
    },
  );

  it('successZero: 200 with success 0 on the user-group API', async () => {
    const group = await createGroup(sandbox, 'd');
    sandbox.setFault('userGroup.delete', { kind: 'successZero' });
    const answer = await userGroupCall(sandbox, { current_token: group.token }, { method: 'DELETE' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: 0, message: 'The service could not complete the request' });
    expect(sandbox.groups()).toEqual([group]);
  });

  it('successZero: 400 FAILED_PRECONDITION on the project API', async () => {
    sandbox.setFault('project.create', { kind: 'successZero' });
    const answer = await projectCall(sandbox, projectBody('https://a.test/'));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: { message: 'The service could not complete the request', status: 'FAILED_PRECONDITION' },
    });
  });

  it('successZero with messageLength: a refusal of exactly that many characters, on both APIs', async () => {
    const group = await createGroup(sandbox, 'long');
    sandbox.setFault('userGroup.rotate', { kind: 'successZero', messageLength: 1_000_000 });
    sandbox.setFault('project.create', { kind: 'successZero', messageLength: 45 });
    const refusal = await userGroupCall(sandbox, { current_token: group.token });
    const { message } = refusal.json as { success: number; message: string };
    expect(message).toHaveLength(1_000_000);
    expect(message.startsWith('The service could not complete the request The service')).toBe(true);
    expect((await projectCall(sandbox, projectBody('https://a.test/'))).json).toEqual({
      error: { message: 'The service could not complete the request Th', status: 'FAILED_PRECONDITION' },
    });
    expect(sandbox.groups()).toEqual([group]);
  });

  it('successZero with echoSecrets: the refusal repeats every secret of the request in five forms', async () => {
    const group = await createGroup(sandbox, 'echo');
    sandbox.setFault('userGroup.rotate', { kind: 'successZero', echoSecrets: true });
    const refusal = await userGroupCall(sandbox, { current_token: group.token });
    const { message } = refusal.json as { success: number; message: string };
    const apiToken = sandbox.credentials.apiToken;
    expect(message).toBe(
      `The service could not complete the request: ${[apiToken, group.token]
        .flatMap((secret) => [secret, secret.toUpperCase(), secret, secret, secret])
        .join(' ')}`,
    );
    sandbox.setFault('project.create', { kind: 'successZero', echoSecrets: true });
    const project = (await projectCall(sandbox, projectBody('https://a.test/'))).json as { error: { message: string } };
    expect(project.error.message).toContain(sandbox.credentials.authToken.toUpperCase());
    expect(project.error.message).toContain(sandbox.credentials.apiKey);
  });

  it('unauthorized: 401 with the route’s own body even with good credentials', async () => {
    sandbox.setFault('userGroup.rotate', { kind: 'unauthorized' });
    sandbox.setFault('project.create', { kind: 'unauthorized' });
    const group = await createGroup(sandbox, 'u');
    const rotate = await userGroupCall(sandbox, { current_token: group.token });
    expect(rotate.status).toBe(401);
    expect(rotate.json).toEqual({ success: 0, message: 'Invalid or missing API token' });
    const project = await projectCall(sandbox, projectBody('https://a.test/'));
    expect(project.status).toBe(401);
    expect((project.json as ProjectError).error.status).toBe('UNAUTHENTICATED');
    expect(sandbox.groups()).toEqual([group]);
  });
});

describe('fault options and lifecycle', () => {
  async function statuses(count: number): Promise<number[]> {
    const result: number[] = [];
    for (let i = 0; i < count; i++) {
      result.push((await projectCall(sandbox, projectBody(`https://s${i}.test/`))).status);
    }
    return result;
  }

  it('times: applies to the next N matching requests, then removes itself', async () => {
    sandbox.setFault('project.create', { kind: 'html', times: 2 });
    expect(await statuses(4)).toEqual([500, 500, 200, 200]);
  });

  it('everyNth: applies to the 2nd, 4th, … matching request', async () => {
    sandbox.setFault('project.create', { kind: 'rateLimit', retryAfterSeconds: 1, everyNth: 2 });
    expect(await statuses(5)).toEqual([200, 429, 200, 429, 200]);
  });

  it('everyNth with times: counts only the requests it applied to', async () => {
    sandbox.setFault('project.create', { kind: 'html', status: 503, everyNth: 3, times: 1 });
    expect(await statuses(7)).toEqual([200, 200, 503, 200, 200, 200, 200]);
  });

  it('applies only to its route', async () => {
    sandbox.setFault('userGroup.rotate', { kind: 'html' });
    const group = await createGroup(sandbox, 'only-rotate');
    expect(group.token).toMatch(/^ugt_/);
    expect((await projectCall(sandbox, projectBody('https://a.test/'))).status).toBe(200);
    expect((await userGroupCall(sandbox, { current_token: group.token })).status).toBe(500);
  });

  it('a new fault on a route replaces the old one and its counters', async () => {
    sandbox.setFault('project.create', { kind: 'html', everyNth: 2 });
    await statuses(1);
    sandbox.setFault('project.create', { kind: 'rateLimit', retryAfterSeconds: 2, everyNth: 2 });
    expect(await statuses(2)).toEqual([200, 429]);
  });

  it('clearFaults and reset remove every fault', async () => {
    sandbox.setFault('project.create', { kind: 'html' });
    sandbox.clearFaults();
    expect(await statuses(1)).toEqual([200]);
    sandbox.setFault('project.create', { kind: 'html' });
    sandbox.reset();
    expect(await statuses(1)).toEqual([200]);
  });

  it('records requests that a fault answered', async () => {
    sandbox.setFault('userGroup.create', { kind: 'unauthorized' });
    await userGroupCall(sandbox, createGroupBody('rec'));
    expect(sandbox.requests).toHaveLength(1);
    expect(sandbox.requests[0]?.route).toBe('userGroup.create');
    expect(JSON.parse(sandbox.requests[0]?.body ?? '')).toEqual(createGroupBody('rec'));
  });

  it.each([
    ['a negative delay', { kind: 'delay', ms: -1 }],
    ['times 0', { kind: 'hang', times: 0 }],
    ['an unknown kind', { kind: 'explode' }],
    ['afterProcessing on a refusal', { kind: 'successZero', afterProcessing: true }],
    ['a messageLength of 0', { kind: 'successZero', messageLength: 0 }],
    ['a messageLength over a million', { kind: 'successZero', messageLength: 1_000_001 }],
    ['an echoSecrets that is not a boolean', { kind: 'successZero', echoSecrets: 'yes' }],
    ['a messageLength on another kind', { kind: 'unauthorized', messageLength: 10 }],
    ['afterProcessing on a rate limit', { kind: 'rateLimit', retryAfterSeconds: 1, afterProcessing: true }],
    ['an html status that is not 500, 502, 503 or 504', { kind: 'html', status: 404 }],
    ['a negative dropAfterMs', { kind: 'hang', dropAfterMs: -5 }],
  ])('setFault throws on %s', (_case, fault) => {
    expect(() => sandbox.setFault('project.create', fault as unknown as Fault)).toThrow(TypeError);
  });
});
