import { browser } from 'wxt/browser';
import { fail, type Result } from '../result';
import { answerSchemaOf } from './answer-schema';
import type { MessageDefinition, RequestOfDefinition, ResponseOfDefinition } from './define-message';
import { text } from '../message-ref';
import type { EarlyAnswer } from './early-request';

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
  let sent: Promise<unknown>;
  try {
    sent = browser.runtime.sendMessage({ type: message.name, data: checked.data });
  } catch {
    return unreachable();
  }
  // Built while the background works (made once per message and page), not after its answer arrives.
  answerSchemaOf(message);
  let answer: unknown;
  try {
    answer = await sent;
  } catch {
    return unreachable();
  }
  return parseAnswer(message, answer);
}

/** The background may have acted before it stopped (a worker the browser ended mid-request). */
const unreachable = () => fail('BACKGROUND_UNAVAILABLE', text('errorBackgroundUnavailable'), { maybeProcessed: true });

function parseAnswer<D extends MessageDefinition>(message: D, answer: unknown): Result<ResponseOfDefinition<D>> {
  const parsed = answerSchemaOf(message).safeParse(answer);
  if (!parsed.success) return fail('INTERNAL', text('errorUnreadableAnswer'));
  return parsed.data as Result<ResponseOfDefinition<D>>;
}

/**
 * The answer to a message sent early (lib/messaging/early-request.ts, before zod was loaded), validated
 * now with the message's response schema, exactly as sendMessage validates its own.
 */
export async function readAnswer<D extends MessageDefinition>(
  message: D,
  early: EarlyAnswer,
): Promise<Result<ResponseOfDefinition<D>>> {
  const received = await early;
  return 'answer' in received ? parseAnswer(message, received.answer) : unreachable();
}
