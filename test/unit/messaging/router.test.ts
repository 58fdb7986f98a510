import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readAnswer, sendMessage } from '@/lib/messaging/client';
import { getConnectionStatus } from '@/lib/messaging/messages/connection-messages';
import { createProject } from '@/lib/messaging/messages/project-messages';
import {
  createMessageListener,
  routeMessage,
  type ExtensionHandlers,
  type Routes,
  type WorkspaceHandlers,
} from '@/lib/messaging/router';
import { protocol } from '@/lib/messaging/protocol';
import type { MessageSender } from '@/lib/messaging/sender-guard';
import { fail, ok, type Result } from '@/lib/result';
import { CONNECTION_STATUS } from '../helpers/connection-status';
import { verbatimText } from '@/lib/message-ref';

const self = { id: 'abc', origin: 'chrome-extension://abc/' };
const popup: MessageSender = { id: 'abc', url: 'chrome-extension://abc/popup.html' };
const webPage: MessageSender = { id: 'abc', url: 'https://evil.example/' };

const status = CONNECTION_STATUS;

/**
 * Handlers for every message (both tables), with the routes over them: the ones these tests use are
 * typed mocks; any other must not be called. `workspace` records which workspace each request opened.
 */
function makeRoutes() {
  const used = {
    getConnectionStatus: vi.fn<WorkspaceHandlers['getConnectionStatus']>(() => Promise.resolve(ok(status))),
    saveConnection: vi.fn<WorkspaceHandlers['saveConnection']>(() => Promise.resolve(ok(status))),
    forgetCredentials: vi.fn<WorkspaceHandlers['forgetCredentials']>(() => Promise.resolve(ok(status))),
    createProject: vi.fn<WorkspaceHandlers['createProject']>(() =>
      Promise.resolve(ok({ projectId: 'p-1', message: 'Created' })),
    ),
    listWorkspaces: vi.fn<ExtensionHandlers['listWorkspaces']>(() =>
      Promise.resolve(ok({ workspaces: [], lastUsed: 'a1b2c3d4' })),
    ),
  };
  const others = Object.fromEntries(
    Object.keys(protocol)
      .filter((name) => !(name in used))
      .map((name) => [name, vi.fn(() => Promise.reject(new Error(`unexpected call to ${name}`)))]),
  );
  const handlers = { ...others, ...used };
  const workspace = vi.fn((workspaceId: string): Promise<Result<WorkspaceHandlers>> =>
    Promise.resolve(
      workspaceId === 'a1b2c3d4'
        ? ok(handlers as unknown as WorkspaceHandlers)
        : fail('NOT_FOUND', { key: 'errorUnknownWorkspace' }),
    ),
  );
  const routes: Routes = { extension: handlers as unknown as ExtensionHandlers, workspace };
  return Object.assign(handlers, { routes, workspace });
}

const validProject = { workspaceId: 'a1b2c3d4', projectUrl: 'https://example.com/page', projectName: 'Example' };

describe('routeMessage', () => {
  let handlers: ReturnType<typeof makeRoutes>;
  beforeEach(() => {
    handlers = makeRoutes();
  });

  it('calls the handler for a trusted, valid message and returns its result', async () => {
    const answer = await routeMessage(handlers.routes, self, { type: 'createProject', data: validProject }, popup);
    expect(answer).toEqual({ ok: true, value: { projectId: 'p-1', message: 'Created' } });
    expect(handlers.createProject).toHaveBeenCalledWith(validProject, popup);
  });

  it('a workspace message opens the workspace its request names; an extension message opens none', async () => {
    await routeMessage(handlers.routes, self, { type: 'createProject', data: validProject }, popup);
    expect(handlers.workspace.mock.calls).toEqual([['a1b2c3d4']]);
    const listed = await routeMessage(handlers.routes, self, { type: 'listWorkspaces', data: {} }, popup);
    expect(listed).toMatchObject({ ok: true });
    expect(handlers.workspace).toHaveBeenCalledTimes(1);
  });

  it('a workspace that is not listed is answered NOT_FOUND, and no handler runs', async () => {
    const answer = await routeMessage(
      handlers.routes,
      self,
      { type: 'createProject', data: { ...validProject, workspaceId: 'gone1234' } },
      popup,
    );
    expect(answer).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(handlers.createProject).not.toHaveBeenCalled();
  });

  it('every message says its scope, and every workspace message names its workspace', () => {
    for (const definition of Object.values(protocol)) {
      expect(['workspace', 'extension']).toContain(definition.scope);
      const shape = (definition.request as { shape?: Record<string, unknown> }).shape ?? {};
      expect('workspaceId' in shape, definition.name).toBe(definition.scope === 'workspace');
    }
  });

  it.each([
    ['an unknown type', { type: 'deleteEverything', data: {} }],
    ['no envelope', 'createProject'],
    ['null', null],
    ['a missing type', { data: validProject }],
    ['an inherited property name as type', { type: 'toString', data: {} }],
  ])('answers INVALID_INPUT for %s', async (_label, message) => {
    const answer = await routeMessage(handlers.routes, self, message, popup);
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    for (const handler of Object.values(handlers))
      if (typeof handler === 'function') expect(handler).not.toHaveBeenCalled();
  });

  it.each<[string, MessageSender]>([
    ['a web page / content script', webPage],
    ['another extension', { id: 'other', url: 'chrome-extension://other/x.html' }],
    ['an empty sender', {}],
  ])('answers UNTRUSTED_SENDER to %s without calling the handler', async (_label, sender) => {
    const answer = await routeMessage(handlers.routes, self, { type: 'createProject', data: validProject }, sender);
    expect(answer).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
    expect(handlers.createProject).not.toHaveBeenCalled();
  });

  it.each([
    ['a non-http URL', { projectUrl: 'javascript:alert(1)', projectName: 'x' }],
    ['a missing name', { projectUrl: 'https://example.com' }],
    ['an empty name', { projectUrl: 'https://example.com', projectName: '   ' }],
    ['no data', undefined],
  ])(
    'answers INVALID_INPUT to a malformed createProject payload (%s) without calling the handler',
    async (_label, data) => {
      const answer = await routeMessage(handlers.routes, self, { type: 'createProject', data }, popup);
      expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
      expect(handlers.createProject).not.toHaveBeenCalled();
    },
  );

  it('rejects an oversized saveConnection field without calling the handler', async () => {
    const data = {
      userGroupBaseUrl: 'https://ug.example.com',
      projectApiUrl: 'https://p.example.com',
      apiToken: 'x'.repeat(5000),
      apiKey: '',
      authToken: '',
      secretsArea: 'local',
    };
    const answer = await routeMessage(handlers.routes, self, { type: 'saveConnection', data }, popup);
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(handlers.saveConnection).not.toHaveBeenCalled();
  });

  it('turns a throwing handler into INTERNAL without leaking the error text', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    handlers.createProject.mockRejectedValue(new Error('db password is hunter2'));
    const answer = await routeMessage(handlers.routes, self, { type: 'createProject', data: validProject }, popup);
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(answer)).not.toContain('hunter2');
    expect(consoleError).toHaveBeenCalled();
    expect(JSON.stringify(consoleError.mock.calls)).not.toContain('hunter2');
  });

  it('strips fields the response schema does not name (a secret in the value)', async () => {
    handlers.createProject.mockResolvedValue(
      ok({ projectId: 'p-1', message: 'Created', authToken: 'secret-auth-token' } as {
        projectId: string;
        message: string;
      }),
    );
    const answer = await routeMessage(handlers.routes, self, { type: 'createProject', data: validProject }, popup);
    expect(answer).toEqual({ ok: true, value: { projectId: 'p-1', message: 'Created' } });
    expect(JSON.stringify(answer)).not.toContain('secret-auth-token');
  });

  it('strips unknown fields from an error too', async () => {
    handlers.createProject.mockResolvedValue({
      ok: false,
      error: { code: 'REJECTED', message: verbatimText('No'), apiKey: 'secret-api-key' } as never,
    });
    const answer = await routeMessage(handlers.routes, self, { type: 'createProject', data: validProject }, popup);
    expect(answer).toEqual({ ok: false, error: { code: 'REJECTED', message: verbatimText('No') } });
  });

  it.each([
    ['a value of the wrong shape', ok({ projectId: 42 })],
    ['a missing value', { ok: true }],
    ['an unknown error code', { ok: false, error: { code: 'OOPS', message: 'x' } }],
    ['not a result', 'done'],
  ])('answers INTERNAL when the handler returns %s', async (_label, returned) => {
    handlers.createProject.mockResolvedValue(returned as never);
    const answer = await routeMessage(handlers.routes, self, { type: 'createProject', data: validProject }, popup);
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });
});

describe('through the fake browser', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('the listener answers via sendResponse, and the guard rejects the fake browser’s empty sender', async () => {
    const handlers = makeRoutes();
    fakeBrowser.runtime.onMessage.addListener(
      createMessageListener(handlers.routes, { id: fakeBrowser.runtime.id, origin: fakeBrowser.runtime.getURL('/') }),
    );
    const answer = await sendMessage(createProject, validProject);
    expect(answer).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
    expect(handlers.createProject).not.toHaveBeenCalled();
  });

  it('the listener returns true (keeps the channel open for the async answer)', () => {
    const listener = createMessageListener(makeRoutes().routes, self);
    expect(listener({ type: 'getConnectionStatus', data: {} }, popup, () => {})).toBe(true);
  });

  it('client: an off-protocol answer from the background becomes INTERNAL', async () => {
    fakeBrowser.runtime.onMessage.addListener(
      (_message: unknown, _sender: unknown, sendResponse: (r: unknown) => void) => {
        sendResponse({ ok: true, value: { projectId: 7 } });
        return true;
      },
    );
    const answer = await sendMessage(createProject, validProject);
    expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('client: a valid answer passes through, with unknown fields stripped', async () => {
    const received: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener(
      (message: unknown, _sender: unknown, sendResponse: (r: unknown) => void) => {
        received.push(message);
        sendResponse({ ok: true, value: { projectId: 'p-9', message: 'Created', extra: 'x' } });
        return true;
      },
    );
    const answer = await sendMessage(createProject, {
      workspaceId: 'a1b2c3d4',
      projectUrl: 'https://example.com',
      projectName: '  Name  ',
    });
    expect(answer).toEqual({ ok: true, value: { projectId: 'p-9', message: 'Created' } });
    // the envelope on the wire, with the request already checked (name trimmed)
    expect(received).toEqual([
      {
        type: 'createProject',
        data: { projectUrl: 'https://example.com', projectName: 'Name', workspaceId: 'a1b2c3d4' },
      },
    ]);
  });

  // A worker stopped while it handled the request never answers, yet may have done it (a group deleted
  // on the service): the page must not say "not deleted" (found by the chaos run, issue 27).
  it('client: no listener means BACKGROUND_UNAVAILABLE, which may have been processed', async () => {
    const answer = await sendMessage(getConnectionStatus, { workspaceId: 'a1b2c3d4' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'BACKGROUND_UNAVAILABLE', maybeProcessed: true } });
  });

  // The answer's schema is built between sending and awaiting (sendMessage): both ways the browser can
  // refuse to send still end as BACKGROUND_UNAVAILABLE, never as a thrown error.
  it('client: a send that throws at once (an extension context gone) or rejects is BACKGROUND_UNAVAILABLE', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    send.mockImplementationOnce(() => {
      throw new Error('Extension context invalidated.');
    });
    send.mockRejectedValueOnce(new Error('Could not establish connection.'));
    const request = { workspaceId: 'a1b2c3d4', projectUrl: 'https://example.com/a', projectName: 'A' };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await sendMessage(createProject, request);
      expect(answer).toMatchObject({ ok: false, error: { code: 'BACKGROUND_UNAVAILABLE', maybeProcessed: true } });
    }
    expect(send).toHaveBeenCalledTimes(2);
  });

  // A read changes nothing: sent again, it wakes the background, and the page shows what it asked for.
  it('client: a read the browser could not deliver is sent once more; a second failure ends it', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    send.mockRejectedValueOnce(new Error('Could not establish connection.'));
    send.mockResolvedValueOnce({ ok: true, value: status } as never);
    expect(await sendMessage(getConnectionStatus, { workspaceId: 'a1b2c3d4' })).toEqual({ ok: true, value: status });
    send.mockImplementationOnce(() => {
      throw new Error('Extension context invalidated.');
    });
    send.mockRejectedValueOnce(new Error('Could not establish connection.'));
    expect(await sendMessage(getConnectionStatus, { workspaceId: 'a1b2c3d4' })).toMatchObject({
      ok: false,
      error: { code: 'BACKGROUND_UNAVAILABLE' },
    });
    expect(send).toHaveBeenCalledTimes(4);
  });

  // The popup's opening request is sent before zod is loaded (lib/messaging/early-request.ts): an early
  // request that got no answer is settled the same way.
  it('client: an early read that got no answer is sent once more; an early message that acts is not', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    send.mockResolvedValueOnce({ ok: true, value: status } as never);
    const noAnswer = Promise.resolve({ unreachable: true as const });
    const read = await readAnswer(getConnectionStatus, noAnswer, { workspaceId: 'a1b2c3d4' });
    expect(read).toEqual({ ok: true, value: status });
    expect(send).toHaveBeenCalledWith({ type: 'getConnectionStatus', data: { workspaceId: 'a1b2c3d4' } });
    const request = { workspaceId: 'a1b2c3d4', projectUrl: 'https://example.com/a', projectName: 'A' };
    expect(await readAnswer(createProject, noAnswer, request)).toMatchObject({
      ok: false,
      error: { code: 'BACKGROUND_UNAVAILABLE', maybeProcessed: true },
    });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('client: an invalid request is refused before it is sent', async () => {
    const listener = vi.fn();
    fakeBrowser.runtime.onMessage.addListener(listener);
    const answer = await sendMessage(createProject, {
      workspaceId: 'a1b2c3d4',
      projectUrl: 'ftp://example.com',
      projectName: 'x',
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(listener).not.toHaveBeenCalled();
  });
});
