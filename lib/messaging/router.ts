import { fail, resultSchema, type Result } from '../result';
import { envelopeSchema, protocol, type MessageName, type RequestOf, type ResponseOf } from './protocol';
import { isTrustedSender, type ExtensionIdentity, type MessageSender } from './sender-guard';
import { text } from '../message-ref';

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
  if (!envelope.success) return fail('INVALID_INPUT', text('errorUnknownMessage'));
  const name = envelope.data.type;
  const definition = protocol[name];
  if (!isTrustedSender(sender, self, definition.allowTab)) {
    return fail('UNTRUSTED_SENDER', text('errorUntrustedSender'));
  }
  const request = definition.request.safeParse(envelope.data.data);
  if (!request.success) return fail('INVALID_INPUT', text('errorMalformedRequest', name));
  try {
    const handler = handlers[name] as (request: unknown, sender: MessageSender) => Promise<Result<unknown>>;
    const result = await handler(request.data, sender);
    const checked = resultSchema(definition.response).safeParse(result);
    if (!checked.success) return fail('INTERNAL', text('errorInvalidAnswer', name));
    return checked.data;
  } catch (error) {
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
export function createMessageListener(handlers: Handlers, self: ExtensionIdentity) {
  return (message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void): true => {
    void routeMessage(handlers, self, message, sender).then(sendResponse);
    return true;
  };
}
