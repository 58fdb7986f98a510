import { fail, resultSchema, type Result } from '../result';
import { envelopeSchema, protocol, type MessageName, type RequestOf, type ResponseOf } from './protocol';
import { isTrustedSender, type ExtensionIdentity, type MessageSender } from './sender-guard';

export type Handlers = {
  [N in MessageName]: (request: RequestOf<N>, sender: MessageSender) => Promise<Result<ResponseOf<N>>>;
};

/**
 * The checkpoint in front of every handler: classify the sender, reject what is not ours, parse the
 * payload, call the handler, and parse its answer too (the response schemas strip any field they do
 * not name, so nothing a handler adds by mistake can reach a page).
 */
export async function routeMessage(
  handlers: Handlers,
  self: ExtensionIdentity,
  message: unknown,
  sender: MessageSender,
): Promise<Result<unknown>> {
  const envelope = envelopeSchema.safeParse(message);
  if (!envelope.success) return fail('INVALID_INPUT', 'The background does not know this message.');
  const name = envelope.data.type;
  const definition = protocol[name];
  if (!isTrustedSender(sender, self, definition.allowTab)) {
    return fail('UNTRUSTED_SENDER', 'This message is only accepted from Review Companion’s own pages.');
  }
  const request = definition.request.safeParse(envelope.data.data);
  if (!request.success) return fail('INVALID_INPUT', `The ${name} request was malformed.`);
  try {
    const handler = handlers[name] as (request: unknown, sender: MessageSender) => Promise<Result<unknown>>;
    const result = await handler(request.data, sender);
    const checked = resultSchema(definition.response).safeParse(result);
    if (!checked.success) return fail('INTERNAL', `The background produced an invalid ${name} answer.`);
    return checked.data;
  } catch (error) {
    // Only the error's kind is logged: its message could quote data.
    console.error(`Review Companion: ${name} failed unexpectedly (${error instanceof Error ? error.name : 'unknown'}).`);
    return fail('INTERNAL', `Something broke inside the extension while handling ${name}. Please try again.`);
  }
}

/**
 * A runtime.onMessage listener. It answers through sendResponse and returns true, which works in
 * every browser, with the polyfill, and with the fake browser in unit tests.
 */
export function createMessageListener(handlers: Handlers, self: ExtensionIdentity) {
  return (message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void): true => {
    void routeMessage(handlers, self, message, sender).then(sendResponse);
    return true;
  };
}
