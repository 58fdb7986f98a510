import { browser } from 'wxt/browser';
import { fail, resultSchema, type Result } from '../result';
import type { MessageDefinition, RequestOfDefinition, ResponseOfDefinition } from './define-message';

/**
 * Asks the background. Never throws: a background that cannot be reached, or that answers something
 * off-protocol, becomes an error result like any other.
 */
export async function sendMessage<D extends MessageDefinition>(
  message: D,
  request: RequestOfDefinition<D>,
): Promise<Result<ResponseOfDefinition<D>>> {
  const checked = message.request.safeParse(request);
  if (!checked.success) return fail('INVALID_INPUT', `This page built an invalid ${message.name} request.`);
  let answer: unknown;
  try {
    answer = await browser.runtime.sendMessage({ type: message.name, data: checked.data });
  } catch {
    return fail('BACKGROUND_UNAVAILABLE', 'The extension’s background did not answer. Reload the extension and try again.');
  }
  const parsed = resultSchema(message.response).safeParse(answer);
  if (!parsed.success) return fail('INTERNAL', 'The extension’s background gave an answer this page cannot read.');
  return parsed.data as Result<ResponseOfDefinition<D>>;
}
