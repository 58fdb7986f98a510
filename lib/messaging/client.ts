import { browser } from 'wxt/browser';
import { fail, resultSchema, type Result } from '../result';
import type { MessageDefinition, RequestOfDefinition, ResponseOfDefinition } from './define-message';
import { text } from '../message-ref';

/**
 * Asks the background. Never throws: a background that cannot be reached, or that answers something
 * off-protocol, becomes an error result like any other.
 */
export async function sendMessage<D extends MessageDefinition>(
  message: D,
  request: RequestOfDefinition<D>,
): Promise<Result<ResponseOfDefinition<D>>> {
  const checked = message.request.safeParse(request);
  if (!checked.success) return fail('INVALID_INPUT', text('errorPageBuiltInvalid', message.name));
  let answer: unknown;
  try {
    answer = await browser.runtime.sendMessage({ type: message.name, data: checked.data });
  } catch {
    // The background may have acted before it stopped (a worker the browser ended mid-request).
    return fail('BACKGROUND_UNAVAILABLE', text('errorBackgroundUnavailable'), { maybeProcessed: true });
  }
  const parsed = resultSchema(message.response).safeParse(answer);
  if (!parsed.success) return fail('INTERNAL', text('errorUnreadableAnswer'));
  return parsed.data as Result<ResponseOfDefinition<D>>;
}
