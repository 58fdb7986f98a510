import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { defineMessage, defineWorkspaceMessage } from '@/lib/messaging/define-message';
import { protocol, type MessageName } from '@/lib/messaging/protocol';
import { routeMessage, type ExtensionHandlers, type Routes, type WorkspaceHandlers } from '@/lib/messaging/router';
import { ok } from '@/lib/result';

// A message's schemas are built when first used, not when its definition is imported (the popup imports
// a few definitions, the options page many, the background all of them). These tests prove that the
// schemas are built once, on first use, and that every request is still checked against them.

describe('defineMessage and defineWorkspaceMessage', () => {
  it('build a schema when it is first used, once, and keep it', () => {
    const request = vi.fn(() => z.object({ text: z.string() }));
    const response = vi.fn(() => z.object({ count: z.number() }));
    const message = defineMessage({ name: 'example', request, response, allowTab: false });
    expect(request).not.toHaveBeenCalled();
    expect(response).not.toHaveBeenCalled();

    const requestSchema = message.request;
    expect(request).toHaveBeenCalledTimes(1);
    expect(response).not.toHaveBeenCalled();
    expect(message.request).toBe(requestSchema);
    expect(request).toHaveBeenCalledTimes(1);

    expect(message.response).toBe(message.response);
    expect(response).toHaveBeenCalledTimes(1);
    expect(message).toMatchObject({ name: 'example', allowTab: false, scope: 'extension', readsOnly: false });
  });

  it('a message acts unless its definition says it only reads (a read is asked again; an act never is)', () => {
    const schemas = { request: () => z.object({}), response: () => z.object({}), allowTab: true };
    expect(defineMessage({ name: 'acts', ...schemas }).readsOnly).toBe(false);
    expect(defineMessage({ name: 'reads', ...schemas, readsOnly: true }).readsOnly).toBe(true);
  });

  it('the schema built is the one written, exactly as strict', () => {
    const message = defineWorkspaceMessage({
      name: 'exampleInWorkspace',
      request: () => z.object({ workspaceId: z.string(), text: z.string().check(z.maxLength(3)) }),
      response: () => z.object({}),
      allowTab: true,
    });
    expect(message.scope).toBe('workspace');
    expect(message.request.safeParse({ workspaceId: 'a1b2c3d4', text: 'abc' }).success).toBe(true);
    expect(message.request.safeParse({ workspaceId: 'a1b2c3d4', text: 'abcd' }).success).toBe(false);
    expect(message.request.safeParse({ text: 'abc' }).success).toBe(false);
  });
});

describe('every message of the protocol', () => {
  const names = Object.keys(protocol) as MessageName[];

  it('has a request and a response schema, each built once', () => {
    for (const name of names) {
      const definition = protocol[name];
      expect(typeof definition.request.safeParse, name).toBe('function');
      expect(typeof definition.response.safeParse, name).toBe('function');
      expect(definition.request, name).toBe(definition.request);
      expect(definition.response, name).toBe(definition.response);
    }
  });

  it.each(names)('%s: the router refuses a request its schema refuses, and calls no handler', async (name) => {
    const handler = vi.fn(() => Promise.resolve(ok({})));
    const handlers = Object.fromEntries(names.map((each) => [each, handler]));
    const routes: Routes = {
      extension: handlers as unknown as ExtensionHandlers,
      workspace: () => Promise.resolve(ok(handlers as unknown as WorkspaceHandlers)),
    };
    const popup = { id: 'abc', url: 'chrome-extension://abc/popup.html' };
    const self = { id: 'abc', origin: 'chrome-extension://abc/' };
    // Each of these is refused by every request schema (each is an object; a workspace id is a string).
    const refused = [42, 'text', null, [], ...(protocol[name].scope === 'workspace' ? [{ workspaceId: 42 }, {}] : [])];
    for (const data of refused) {
      expect(protocol[name].request.safeParse(data).success, JSON.stringify(data)).toBe(false);
      const answer = await routeMessage(routes, self, { type: name, data }, popup);
      expect(answer, JSON.stringify(data)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    }
    expect(handler).not.toHaveBeenCalled();
  });
});
