// The port a page keeps open to the background (lib/messaging/message-port.ts): routed exactly like a
// sent message (same sender checks, same schemas), and on the page's side a fallback to sendMessage.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getConnectionStatus } from '@/lib/messaging/messages/connection-messages';
import { createProject } from '@/lib/messaging/messages/project-messages';
import { MESSAGE_PORT_NAME } from '@/lib/messaging/message-port';
import { createPortListener, routeMessage, type Routes, type WorkspaceHandlers } from '@/lib/messaging/router';
import { protocol } from '@/lib/messaging/protocol';
import type { MessageSender } from '@/lib/messaging/sender-guard';
import { fail, ok, type Result } from '@/lib/result';
import { CONNECTION_STATUS } from '../helpers/connection-status';
import { portPair } from '../helpers/port-pair';

const self = { id: 'abc', origin: 'chrome-extension://abc/' };
const SENDERS: Record<string, MessageSender | undefined> = {
  popup: { id: 'abc', url: 'chrome-extension://abc/popup.html' },
  'popup opened in a tab': { id: 'abc', url: 'chrome-extension://abc/popup.html', tab: { id: 4 } as never },
  'a content script (a web page’s address)': { id: 'abc', url: 'https://evil.example/' },
  'another extension': { id: 'xyz', url: 'chrome-extension://xyz/popup.html' },
  'no sender': undefined,
};
const request = { workspaceId: 'a1b2c3d4', projectUrl: 'https://example.com/page', projectName: 'Example' };

function makeRoutes() {
  const createProjectHandler = vi.fn<WorkspaceHandlers['createProject']>(() =>
    Promise.resolve(ok({ projectId: 'p-1', message: 'Created' })),
  );
  const handlers = { createProject: createProjectHandler } as unknown as WorkspaceHandlers;
  const routes: Routes = {
    extension: Object.fromEntries(Object.keys(protocol).map((name) => [name, vi.fn()])) as never,
    workspace: (workspaceId): Promise<Result<WorkspaceHandlers>> =>
      Promise.resolve(workspaceId === 'a1b2c3d4' ? ok(handlers) : fail('NOT_FOUND', { key: 'errorUnknownWorkspace' })),
  };
  return { routes, createProjectHandler };
}

/** Posts `message` on a port from `sender` and waits for the background's answer. */
async function throughPort(routes: Routes, sender: MessageSender | undefined, message: unknown) {
  const { page, background } = portPair(MESSAGE_PORT_NAME, sender);
  createPortListener(routes, self)(background);
  const answer = new Promise<unknown>((resolve) => page.onMessage.addListener(resolve));
  page.postMessage({ id: 7, message });
  return answer;
}

describe('the background’s end', () => {
  it.each(Object.keys(SENDERS))('answers exactly what a sent message gets, under the request’s id: %s', async (who) => {
    const sender = SENDERS[who];
    const message = { type: 'createProject', data: request };
    const sent = makeRoutes();
    const expected = await routeMessage(sent.routes, self, message, sender ?? {});
    const posted = makeRoutes();
    expect(await throughPort(posted.routes, sender, message)).toEqual({ id: 7, answer: expected });
    expect(posted.createProjectHandler.mock.calls.length).toBe(sent.createProjectHandler.mock.calls.length);
  });

  it('a trusted page’s request reaches the handler with the port’s sender; an untrusted one never does', async () => {
    const trusted = makeRoutes();
    await throughPort(trusted.routes, SENDERS.popup, { type: 'createProject', data: request });
    expect(trusted.createProjectHandler).toHaveBeenCalledWith(request, SENDERS.popup);
    const untrusted = makeRoutes();
    expect(
      await throughPort(untrusted.routes, SENDERS['a content script (a web page’s address)'], {
        type: 'createProject',
        data: request,
      }),
    ).toMatchObject({ id: 7, answer: { ok: false, error: { code: 'UNTRUSTED_SENDER' } } });
    expect(untrusted.createProjectHandler).not.toHaveBeenCalled();
  });

  it('a malformed request is refused as a sent one is; a post without an id is not answered', async () => {
    const { routes, createProjectHandler } = makeRoutes();
    expect(
      await throughPort(routes, SENDERS.popup, { type: 'createProject', data: { ...request, projectUrl: 7 } }),
    ).toMatchObject({ id: 7, answer: { ok: false, error: { code: 'INVALID_INPUT' } } });
    const { page, background } = portPair(MESSAGE_PORT_NAME, SENDERS.popup);
    createPortListener(routes, self)(background);
    const answers = vi.fn();
    page.onMessage.addListener(answers);
    page.postMessage({ message: { type: 'createProject', data: request } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers).not.toHaveBeenCalled();
    expect(createProjectHandler).not.toHaveBeenCalled();
  });

  it('a port of another name is closed', () => {
    const { background } = portPair('something-else', SENDERS.popup);
    createPortListener(makeRoutes().routes, self)(background);
    expect(background.disconnect).toHaveBeenCalled();
  });
});

describe('the page’s end (sendMessage once keepMessagePortOpen was called)', () => {
  // The client keeps its port in the module: each test loads it afresh.
  async function loadClient() {
    vi.resetModules();
    return import('@/lib/messaging/client');
  }

  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('posts on the port instead of sending, and validates the answer as a sent one (unknown fields stripped)', async () => {
    const pair = portPair(MESSAGE_PORT_NAME, SENDERS.popup);
    const connect = vi.spyOn(fakeBrowser.runtime, 'connect').mockReturnValue(pair.page);
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    pair.background.onMessage.addListener((posted) => {
      const { id } = posted as { id: number };
      pair.background.postMessage({ id, answer: { ok: true, value: { projectId: 'p-9', message: 'm', extra: 'x' } } });
    });
    const client = await loadClient();
    client.keepMessagePortOpen();
    expect(connect).toHaveBeenCalledWith({ name: MESSAGE_PORT_NAME });
    expect(await client.sendMessage(createProject, request)).toEqual({
      ok: true,
      value: { projectId: 'p-9', message: 'm' },
    });
    expect(pair.page.postMessage).toHaveBeenCalledWith({ id: 1, message: { type: 'createProject', data: request } });
    expect(send).not.toHaveBeenCalled();
  });

  it('an off-protocol answer on the port becomes INTERNAL', async () => {
    const pair = portPair(MESSAGE_PORT_NAME, SENDERS.popup);
    vi.spyOn(fakeBrowser.runtime, 'connect').mockReturnValue(pair.page);
    pair.background.onMessage.addListener((posted) => {
      const { id } = posted as { id: number };
      pair.background.postMessage({ id, answer: { ok: true, value: { projectId: 7 } } });
    });
    const client = await loadClient();
    client.keepMessagePortOpen();
    expect(await client.sendMessage(createProject, request)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  /** The page's first port, which the test closes, and its second, whose background answers `value`. */
  function portsClosingOnce(value: unknown) {
    const first = portPair(MESSAGE_PORT_NAME, SENDERS.popup);
    const second = portPair(MESSAGE_PORT_NAME, SENDERS.popup);
    const connect = vi
      .spyOn(fakeBrowser.runtime, 'connect')
      .mockReturnValueOnce(first.page)
      .mockReturnValueOnce(second.page);
    second.background.onMessage.addListener((posted) => {
      const { id } = posted as { id: number };
      second.background.postMessage({ id, answer: { ok: true, value } });
    });
    return { first, second, connect };
  }

  it('a port closed while a request waits ends it as BACKGROUND_UNAVAILABLE (maybe processed); the next message opens a new port', async () => {
    const { first, connect } = portsClosingOnce({ projectId: 'p-2', message: 'm' });
    const client = await loadClient();
    client.keepMessagePortOpen();
    const waiting = client.sendMessage(createProject, request);
    first.close();
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'BACKGROUND_UNAVAILABLE', maybeProcessed: true } });
    expect(await client.sendMessage(createProject, request)).toMatchObject({ ok: true, value: { projectId: 'p-2' } });
    expect(connect).toHaveBeenCalledTimes(2);
  });

  it('a read whose port closes before its answer is asked once more, on a new port (which wakes the background)', async () => {
    const { first, second, connect } = portsClosingOnce(CONNECTION_STATUS);
    const client = await loadClient();
    client.keepMessagePortOpen();
    const waiting = client.sendMessage(getConnectionStatus, { workspaceId: 'a1b2c3d4' });
    first.close();
    expect(await waiting).toEqual({ ok: true, value: CONNECTION_STATUS });
    expect(connect).toHaveBeenCalledTimes(2);
    const asked = { type: 'getConnectionStatus', data: { workspaceId: 'a1b2c3d4' } };
    expect(first.page.postMessage).toHaveBeenCalledWith({ id: 1, message: asked });
    expect(second.page.postMessage).toHaveBeenCalledWith({ id: 1, message: asked });
  });

  it('a read is asked twice at most: a background that stops again ends it as BACKGROUND_UNAVAILABLE', async () => {
    const pairs = [0, 1, 2].map(() => portPair(MESSAGE_PORT_NAME, SENDERS.popup));
    const connect = vi.spyOn(fakeBrowser.runtime, 'connect');
    for (const pair of pairs) {
      connect.mockReturnValueOnce(pair.page);
      pair.background.onMessage.addListener(() => setTimeout(pair.close, 0));
    }
    const client = await loadClient();
    client.keepMessagePortOpen();
    expect(await client.sendMessage(getConnectionStatus, { workspaceId: 'a1b2c3d4' })).toMatchObject({
      ok: false,
      error: { code: 'BACKGROUND_UNAVAILABLE' },
    });
    expect(pairs.map((pair) => pair.page.postMessage.mock.calls.length)).toEqual([1, 1, 0]);
  });

  it('a port that cannot be opened leaves sendMessage as before', async () => {
    vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(() => {
      throw new Error('Extension context invalidated.');
    });
    const send = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockResolvedValue({ ok: true, value: { projectId: 'p-3', message: 'm' } } as never);
    const client = await loadClient();
    client.keepMessagePortOpen();
    expect(await client.sendMessage(createProject, request)).toMatchObject({ ok: true, value: { projectId: 'p-3' } });
    expect(send).toHaveBeenCalledWith({ type: 'createProject', data: request });
  });
});
