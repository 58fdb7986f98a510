import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProjectApi, type ProjectApiCredentials } from '@/lib/api/project-api';
import type { FetchLike } from '@/lib/api/http';
import type { Result } from '@/lib/result';
import { expectFailure as expectFailureWithout } from '../helpers/results';
import { startSandbox, type Sandbox } from '../../sandbox/server.ts';
import { messageText } from '@/lib/message-ref';
import { withText } from '../helpers/error-text';

const SANDBOX_CREDENTIALS = {
  apiToken: 'unit-api-token-3b1d9f0a',
  apiKey: 'unit-api-key-8c2e4a6b',
  authToken: 'unit-auth-token-5d7f9e1c',
};
const FAKE_CREDENTIALS: ProjectApiCredentials = {
  projectApiUrl: 'https://projects.example.com/v1/createProject',
  apiKey: 'fake-api-key-0a1b2c3d',
  authToken: 'fake-auth-token-4e5f6a7b',
};
const ALL_SECRETS = [...Object.values(SANDBOX_CREDENTIALS), FAKE_CREDENTIALS.apiKey, FAKE_CREDENTIALS.authToken];

const input = { projectUrl: 'https://site.example.org/some/page?x=1', projectName: 'Some page' };

const expectFailure = (result: Result<unknown>, code: string) => expectFailureWithout(result, code, ALL_SECRETS);

describe('createProject against the sandbox', () => {
  let sandbox: Sandbox;
  let credentials: ProjectApiCredentials;
  const api = createProjectApi({ fetch: (url, init) => fetch(url, init) });
  /** A short timeout only where the service is made to hang: a busy machine must not fail the others. */
  const impatientApi = createProjectApi({ fetch: (url, init) => fetch(url, init), timeoutMs: 300 });

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, credentials: SANDBOX_CREDENTIALS });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  beforeEach(() => {
    sandbox.reset();
    credentials = {
      projectApiUrl: sandbox.projectApiUrl,
      apiKey: SANDBOX_CREDENTIALS.apiKey,
      authToken: SANDBOX_CREDENTIALS.authToken,
    };
  });

  it.each(['', '/', '//'])('sends exactly the contract’s request (base URL ending %j)', async (suffix) => {
    const result = await api.createProject({ ...credentials, projectApiUrl: sandbox.projectApiUrl + suffix }, input);
    expect(result.ok).toBe(true);
    expect(sandbox.requests).toHaveLength(1);
    const [request] = sandbox.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/projects/');
    expect(request!.route).toBe('project.create');
    expect(request!.headers['x-service-api-key']).toBe(SANDBOX_CREDENTIALS.apiKey);
    expect(request!.headers['x-service-auth-token']).toBe(SANDBOX_CREDENTIALS.authToken);
    expect(request!.headers['content-type']).toBe('application/json');
    // no credential travels anywhere else: not in the body, not in the URL, no Authorization header
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.headers.cookie).toBeUndefined();
    expect(request!.body).toBe(
      JSON.stringify({ data: { projectUrl: input.projectUrl, projectName: input.projectName } }),
    );
    expect(JSON.parse(request!.body)).toStrictEqual({
      data: { projectUrl: input.projectUrl, projectName: input.projectName },
    });
  });

  it('returns the new project id and the service’s message', async () => {
    const result = await api.createProject(credentials, input);
    const [project] = sandbox.projects();
    expect(project).toMatchObject({ projectUrl: input.projectUrl, projectName: input.projectName });
    expect(result).toEqual({
      ok: true,
      value: { projectId: project!.projectId, message: 'Project created successfully' },
    });
  });

  it('INVALID_ARGUMENT shows the service’s message verbatim, after the extension’s own words', async () => {
    const error = expectFailure(
      await api.createProject(credentials, { projectUrl: 'ftp://example.com/x', projectName: 'x' }),
      'INVALID_ARGUMENT',
    );
    expect(messageText(error.message)).toBe('The service refused: projectUrl must be a valid http or https URL');
  });

  it('wrong credentials -> UNAUTHENTICATED, without repeating them', async () => {
    const error = expectFailure(
      await api.createProject(
        { ...credentials, apiKey: FAKE_CREDENTIALS.apiKey, authToken: FAKE_CREDENTIALS.authToken },
        input,
      ),
      'UNAUTHENTICATED',
    );
    expect(messageText(error.message)).toContain('Invalid API key or auth token');
    expect(sandbox.projects()).toHaveLength(0);
  });

  it("the 'unauthorized' fault -> UNAUTHENTICATED", async () => {
    sandbox.setFault('project.create', { kind: 'unauthorized' });
    expectFailure(await api.createProject(credentials, input), 'UNAUTHENTICATED');
  });

  it('a wrong path -> NOT_FOUND with the service’s message', async () => {
    const error = expectFailure(
      await api.createProject({ ...credentials, projectApiUrl: `${sandbox.origin}/nope` }, input),
      'NOT_FOUND',
    );
    expect(messageText(error.message)).toBe('The service refused: Not found');
  });

  it('one project per site: ALREADY_EXISTS with the existing project’s id', async () => {
    sandbox.setOneProjectPerSite(true);
    const first = await api.createProject(credentials, input);
    expect(first.ok).toBe(true);
    const second = await api.createProject(credentials, {
      projectUrl: 'https://site.example.org/other',
      projectName: 'Other',
    });
    const error = expectFailure(second, 'ALREADY_EXISTS');
    const firstId = first.ok ? first.value.projectId : '';
    expect(error.relatedId).toBe(firstId);
    expect(messageText(error.message)).toBe(`This site already has a project (project ID ${firstId}).`);
  });

  it("FAILED_PRECONDITION ('successZero' fault) -> REJECTED with the service’s message", async () => {
    sandbox.setFault('project.create', { kind: 'successZero' });
    const error = expectFailure(await api.createProject(credentials, input), 'REJECTED');
    expect(messageText(error.message)).toBe('The service refused: The service could not complete the request');
  });

  it.each([500, 502, 503] as const)('an HTML %i page -> SERVICE_ERROR, maybe processed', async (status) => {
    sandbox.setFault('project.create', { kind: 'html', status });
    const error = expectFailure(await api.createProject(credentials, input), 'SERVICE_ERROR');
    expect(error.maybeProcessed).toBe(true);
    expect(messageText(error.message)).toContain(`HTTP ${status}`);
    expect(messageText(error.message)).toContain(sandbox.origin);
    expect(messageText(error.message)).not.toContain('<html>');
  });

  it('429 with Retry-After -> RATE_LIMITED with retryAfterSeconds', async () => {
    sandbox.setFault('project.create', { kind: 'rateLimit', retryAfterSeconds: 7 });
    const error = expectFailure(await api.createProject(credentials, input), 'RATE_LIMITED');
    expect(error.retryAfterSeconds).toBe(7);
    expect(messageText(error.message)).toContain('Rate limit exceeded');
  });

  it.each([
    ['malformedJson', 'a body that is not JSON'],
    ['wrongShape', 'JSON of an unexpected shape'],
  ] as const)('%s -> BAD_RESPONSE, maybe processed', async (kind, what) => {
    sandbox.setFault('project.create', { kind });
    const error = expectFailure(await api.createProject(credentials, input), 'BAD_RESPONSE');
    expect(messageText(error.message)).toBe(
      `${sandbox.origin} answered with ${what}; the project may or may not exist.`,
    );
    expect(error.maybeProcessed).toBe(true);
  });

  it('a hanging service -> TIMEOUT within the timeout, maybe processed', async () => {
    sandbox.setFault('project.create', { kind: 'hang' });
    const started = Date.now();
    const error = expectFailure(await impatientApi.createProject(credentials, input), 'TIMEOUT');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error.maybeProcessed).toBe(true);
    expect(messageText(error.message)).toContain(sandbox.origin);
  });

  it('a hang after processing: TIMEOUT says maybe processed, and the project indeed exists', async () => {
    sandbox.setFault('project.create', { kind: 'hang', afterProcessing: true });
    const error = expectFailure(await impatientApi.createProject(credentials, input), 'TIMEOUT');
    expect(error.maybeProcessed).toBe(true);
    expect(sandbox.projects()).toHaveLength(1);
  });

  it('a connection reset -> NETWORK, maybe processed', async () => {
    sandbox.setFault('project.create', { kind: 'reset' });
    const error = expectFailure(await api.createProject(credentials, input), 'NETWORK');
    expect(error.maybeProcessed).toBe(true);
    expect(messageText(error.message)).toContain(sandbox.origin);
  });

  it('a closed port -> NETWORK', async () => {
    const gone = await startSandbox({ port: 0 });
    await gone.close();
    expectFailure(await api.createProject({ ...credentials, projectApiUrl: gone.projectApiUrl }, input), 'NETWORK');
  });
});

describe('createProject error mapping (fake fetch)', () => {
  function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
    const fetchFn: FetchLike = () =>
      Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers }));
    return createProjectApi({ fetch: fetchFn });
  }
  const origin = 'https://projects.example.com';
  const errorBody = (status: string, message: string, details?: unknown) => ({
    error: { message, status, ...(details === undefined ? {} : { details }) },
  });

  it.each<[string, number, string, string, string]>([
    // [service status, HTTP status, expected code, service message, expected message]
    [
      'INVALID_ARGUMENT',
      400,
      'INVALID_ARGUMENT',
      'projectName must be at most 300 characters',
      'The service refused: projectName must be at most 300 characters',
    ],
    ['OUT_OF_RANGE', 400, 'INVALID_ARGUMENT', 'Too many projects', 'The service refused: Too many projects'],
    [
      'FAILED_PRECONDITION',
      400,
      'REJECTED',
      'Plan does not allow this',
      'The service refused: Plan does not allow this',
    ],
    [
      'UNAUTHENTICATED',
      401,
      'UNAUTHENTICATED',
      'Token expired',
      'The service rejected the API key or auth token: Token expired. Check them in the settings.',
    ],
    [
      'PERMISSION_DENIED',
      403,
      'PERMISSION_DENIED',
      'This key may not create projects',
      'The service refused: This key may not create projects',
    ],
    ['NOT_FOUND', 404, 'NOT_FOUND', 'No such workspace', 'The service refused: No such workspace'],
    [
      'RESOURCE_EXHAUSTED',
      429,
      'RATE_LIMITED',
      'Quota exceeded',
      'The service is rate limiting requests: Quota exceeded. Try again in a moment.',
    ],
    ['INTERNAL', 500, 'SERVICE_ERROR', 'Boom', 'The service failed: Boom. Try again in a moment.'],
    [
      'UNAVAILABLE',
      503,
      'SERVICE_ERROR',
      'Down for maintenance',
      'The service failed: Down for maintenance. Try again in a moment.',
    ],
    ['DEADLINE_EXCEEDED', 504, 'SERVICE_ERROR', 'Too slow', 'The service failed: Too slow. Try again in a moment.'],
    ['SOMETHING_NEW', 400, 'REJECTED', 'A brand new reason', 'The service refused: A brand new reason'],
    ['INVALID_ARGUMENT', 400, 'INVALID_ARGUMENT', '  padded  ', 'The service refused: padded'],
    ['INVALID_ARGUMENT', 400, 'INVALID_ARGUMENT', '   ', 'The service refused: INVALID_ARGUMENT'],
  ])('%s (HTTP %i) -> %s', async (serviceStatus, httpStatus, code, serviceMessage, message) => {
    const error = expectFailure(
      await answering(httpStatus, errorBody(serviceStatus, serviceMessage)).createProject(FAKE_CREDENTIALS, input),
      code,
    );
    expect(messageText(error.message)).toBe(message);
  });

  it('reads the body’s error whatever the HTTP status (200 with an error body)', async () => {
    const error = expectFailure(
      await answering(200, errorBody('PERMISSION_DENIED', 'Nope')).createProject(FAKE_CREDENTIALS, input),
      'PERMISSION_DENIED',
    );
    expect(messageText(error.message)).toBe('The service refused: Nope');
  });

  it.each<[string, unknown, string | undefined, string]>([
    [
      'with details.projectId',
      { projectId: 'prj_abc' },
      'prj_abc',
      'This site already has a project (project ID prj_abc).',
    ],
    ['without details', undefined, undefined, 'This site already has a project.'],
    ['with details of another shape', { id: 5 }, undefined, 'This site already has a project.'],
    ['with a non-string projectId', { projectId: 5 }, undefined, 'This site already has a project.'],
  ])('ALREADY_EXISTS %s', async (_label, details, relatedId, message) => {
    const error = expectFailure(
      await answering(409, errorBody('ALREADY_EXISTS', 'Project exists', details)).createProject(
        FAKE_CREDENTIALS,
        input,
      ),
      'ALREADY_EXISTS',
    );
    expect(error.relatedId).toBe(relatedId);
    expect(messageText(error.message)).toBe(message);
  });

  it('RESOURCE_EXHAUSTED carries Retry-After', async () => {
    const error = expectFailure(
      await answering(429, errorBody('RESOURCE_EXHAUSTED', 'Slow down'), { 'Retry-After': '12' }).createProject(
        FAKE_CREDENTIALS,
        input,
      ),
      'RATE_LIMITED',
    );
    expect(error.retryAfterSeconds).toBe(12);
    expect(messageText(error.message)).toBe(
      'The service is rate limiting requests: Slow down. Try again in 12 seconds.',
    );
  });

  it('RESOURCE_EXHAUSTED with Retry-After: 1 says "1 second", not "1 seconds"', async () => {
    const error = expectFailure(
      await answering(429, errorBody('RESOURCE_EXHAUSTED', 'Slow down'), { 'Retry-After': '1' }).createProject(
        FAKE_CREDENTIALS,
        input,
      ),
      'RATE_LIMITED',
    );
    expect(messageText(error.message)).toBe('The service is rate limiting requests: Slow down. Try again in 1 second.');
  });

  it.each<[number, string, Record<string, string>, string, string]>([
    [
      502,
      '<html>Bad gateway</html>',
      {},
      'SERVICE_ERROR',
      `${origin} had a server error (HTTP 502). Try again in a moment.`,
    ],
    [500, '<html>oops</html>', {}, 'SERVICE_ERROR', `${origin} had a server error (HTTP 500). Try again in a moment.`],
    [
      429,
      'Too many',
      { 'Retry-After': '7' },
      'RATE_LIMITED',
      `${origin} is rate limiting requests. Try again in 7 seconds.`,
    ],
    [401, 'Unauthorized', {}, 'UNAUTHENTICATED', `${origin} rejected the credentials. Check them in the settings.`],
    [403, '', {}, 'PERMISSION_DENIED', `${origin} refused access with these credentials.`],
    [418, '{"teapot":true}', {}, 'BAD_RESPONSE', `${origin} answered with an unexpected HTTP 418.`],
    [
      200,
      '{"result":',
      {},
      'BAD_RESPONSE',
      `${origin} answered with a body that is not JSON; the project may or may not exist.`,
    ],
    [
      200,
      '{"ok":true}',
      {},
      'BAD_RESPONSE',
      `${origin} answered with JSON of an unexpected shape; the project may or may not exist.`,
    ],
    [
      200,
      '{"result":{"status":"success","message":"ok","data":{"projectId":""}}}',
      {},
      'BAD_RESPONSE',
      `${origin} answered with JSON of an unexpected shape; the project may or may not exist.`,
    ],
    [
      200,
      '{"error":{"status":"INTERNAL"}}',
      {},
      'BAD_RESPONSE',
      `${origin} answered with JSON of an unexpected shape; the project may or may not exist.`,
    ],
  ])('HTTP %i %j -> %s', async (status, body, headers, code, message) => {
    const error = expectFailure(await answering(status, body, headers).createProject(FAKE_CREDENTIALS, input), code);
    expect(messageText(error.message)).toBe(message);
  });

  it('accepts a success with extra fields', async () => {
    const body = { result: { status: 'success', message: 'Done', data: { projectId: 'prj_1', extra: 1 }, more: true } };
    expect(await answering(200, body).createProject(FAKE_CREDENTIALS, input)).toEqual({
      ok: true,
      value: { projectId: 'prj_1', message: 'Done' },
    });
  });

  // Regression: a status naming an inherited property ("constructor", "__proto__") once bypassed the
  // REJECTED fallback of a plain-object lookup; codes are looked up in a Map now.
  it.each(['constructor', '__proto__'])(
    'an unknown status named like an Object property (%s) -> REJECTED',
    async (status) => {
      const result = await answering(400, errorBody(status, 'Odd status')).createProject(FAKE_CREDENTIALS, input);
      expect(withText(result)).toEqual({
        ok: false,
        error: { code: 'REJECTED', message: 'The service refused: Odd status' },
      });
    },
  );
});
