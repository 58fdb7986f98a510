import { browser } from 'wxt/browser';
import { fail, resultSchema, type Result } from '../result';
import { protocol, type MessageName, type RequestOf, type ResponseOf } from './protocol';

/**
 * Asks the background. Never throws: a background that cannot be reached, or that answers something
 * off-protocol, becomes an error result like any other.
 */
export async function sendMessage<N extends MessageName>(name: N, request: RequestOf<N>): Promise<Result<ResponseOf<N>>> {
  const definition = protocol[name];
  const checked = definition.request.safeParse(request);
  if (!checked.success) return fail('INVALID_INPUT', `This page built an invalid ${name} request.`);
  let answer: unknown;
  try {
    answer = await browser.runtime.sendMessage({ type: name, data: checked.data });
  } catch {
    return fail('BACKGROUND_UNAVAILABLE', 'The extension’s background did not answer. Reload the extension and try again.');
  }
  const parsed = resultSchema(definition.response).safeParse(answer);
  if (!parsed.success) return fail('INTERNAL', 'The extension’s background gave an answer this page cannot read.');
  return parsed.data as Result<ResponseOf<N>>;
}
