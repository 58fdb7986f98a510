import { z } from 'zod/mini';
import { fail, type Result } from '../result';
import { answerSchemaOf } from './answer-schema';
import {
  envelopeSchema,
  protocol,
  type ExtensionMessageName,
  type MessageName,
  type RequestOf,
  type ResponseOf,
  type WorkspaceMessageName,
} from './protocol';
import { isTrustedSender, type ExtensionIdentity, type MessageSender } from './sender-guard';
import { text } from '../message-ref';
import { MESSAGE_PORT_NAME, type PortAnswer } from './message-port';
import type { Browser } from 'wxt/browser';

type Handler<N extends MessageName, Request = RequestOf<N>> = (
  request: Request,
  sender: MessageSender,
) => Promise<Result<ResponseOf<N>>>;

/** One handler per message that acts on the extension as a whole. */
export type ExtensionHandlers = { [N in ExtensionMessageName]: Handler<N> };

/** The names of the messages a module of definitions defines (`typeof import('./messages/lock-messages')`). */
type NamesDefinedIn<Definitions> = {
  [K in keyof Definitions]: Definitions[K] extends { name: infer N } ? N : never;
}[keyof Definitions];

/**
 * The extension handlers of the messages some modules of definitions define, by the names and the scope
 * their definitions give: a table of handlers says which modules it serves, never a message's name.
 */
export type ExtensionHandlersOf<Definitions> = Pick<
  ExtensionHandlers,
  Extract<NamesDefinedIn<Definitions>, ExtensionMessageName>
>;

/**
 * One workspace's handlers, one per workspace message: made for that workspace, they need not read
 * its id (the request is passed on whole, id included).
 */
export type WorkspaceHandlers = { [N in WorkspaceMessageName]: Handler<N, Omit<RequestOf<N>, 'workspaceId'>> };

/** Where the router sends a request: by the scope its message's definition declares. */
export interface Routes {
  extension: ExtensionHandlers;
  /** The handlers of a listed workspace; NOT_FOUND for an id that is not (or no longer) listed. */
  workspace: (workspaceId: string) => Promise<Result<WorkspaceHandlers>>;
  /** A handler threw: the answer for what it threw, if this failure has one of its own (a full storage). */
  failure?: (error: unknown, request: unknown) => Promise<Result<never> | undefined>;
}

/** The handler tables, erased to one call shape: the request was checked against its schema just before. */
type AnyHandler = (request: unknown, sender: MessageSender) => Promise<Result<unknown>>;
const workspaceRefSchema = z.object({ workspaceId: z.string() });

async function handlerFor(routes: Routes, name: MessageName, request: unknown): Promise<Result<AnyHandler>> {
  if (protocol[name].scope === 'extension') {
    return { ok: true, value: (routes.extension as Record<MessageName, AnyHandler>)[name] };
  }
  const workspace = await routes.workspace(workspaceRefSchema.parse(request).workspaceId);
  return workspace.ok ? { ok: true, value: (workspace.value as Record<MessageName, AnyHandler>)[name] } : workspace;
}

/**
 * The checkpoint in front of every handler: classify the sender, reject what is not ours, parse the
 * payload, find the handler by the message's scope, call it, and parse its answer too (the response
 * schemas strip any field they do not name, so nothing a handler adds by mistake can reach a page).
 */
export async function routeMessage(
  routes: Routes,
  self: ExtensionIdentity,
  message: unknown,
  sender: MessageSender,
): Promise<Result<unknown>> {
  const envelope = envelopeSchema.safeParse(message);
  if (!envelope.success) return fail('INVALID_INPUT', text('errorUnknownMessage'));
  const name = envelope.data.type;
  const definition = protocol[name];
  if (!isTrustedSender(sender, self, definition.allowTab)) {
    return fail('UNTRUSTED_SENDER', text('errorUntrustedSender'));
  }
  const request = definition.request.safeParse(envelope.data.data);
  if (!request.success) return fail('INVALID_INPUT', text('errorMalformedRequest', name));
  try {
    const handler = await handlerFor(routes, name, request.data);
    if (!handler.ok) return handler;
    const result = await handler.value(request.data, sender);
    const checked = answerSchemaOf(definition).safeParse(result);
    if (!checked.success) return fail('INTERNAL', text('errorInvalidAnswer', name));
    return checked.data;
  } catch (error) {
    const answer = await routes.failure?.(error, request.data);
    if (answer) return answer;
    // Only the error's kind is logged: its message could quote data.
    console.error(
      `Review Companion: ${name} failed unexpectedly (${error instanceof Error ? error.name : 'unknown'}).`,
    );
    return fail('INTERNAL', text('errorHandlerCrashed', name));
  }
}

/**
 * A runtime.onMessage listener. It answers through sendResponse and returns true, which works in
 * every browser, with the polyfill, and with the fake browser in unit tests.
 */
export function createMessageListener(routes: Routes, self: ExtensionIdentity) {
  return (message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void): true => {
    void routeMessage(routes, self, message, sender).then(sendResponse);
    return true;
  };
}

const portRequestSchema = z.object({ id: z.number(), message: z.unknown() });

/**
 * A runtime.onConnect listener for the port pages keep open (./message-port.ts): every request posted
 * on it is routed like a sent message, with the port's sender (set by the browser, as a message's is)
 * going through the same checks, and answered on the port under its id. Other ports are closed.
 */
export function createPortListener(routes: Routes, self: ExtensionIdentity) {
  return (port: Browser.runtime.Port): void => {
    if (port.name !== MESSAGE_PORT_NAME) {
      port.disconnect();
      return;
    }
    // No sender (never so from a browser): the checks refuse it as they refuse an unknown one.
    const sender: MessageSender = port.sender ?? {};
    port.onMessage.addListener((posted: unknown) => {
      const request = portRequestSchema.safeParse(posted);
      if (!request.success) return; // no id to answer to
      const { id, message } = request.data;
      void routeMessage(routes, self, message, sender).then((answer) => {
        try {
          port.postMessage({ id, answer } satisfies PortAnswer);
        } catch {
          // The page has gone (closed popup): no one to answer.
        }
      });
    });
  };
}
