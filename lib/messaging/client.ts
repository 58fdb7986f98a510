import { browser, type Browser } from 'wxt/browser';
import { fail, type Result } from '../result';
import { answerSchemaOf } from './answer-schema';
import type { MessageDefinition, RequestOfDefinition, ResponseOfDefinition } from './define-message';
import { text } from '../message-ref';
import type { EarlyAnswer } from './early-request';
import { MESSAGE_PORT_NAME, type PortAnswer, type PortRequest } from './message-port';

/** The port this page keeps open to the background, with the requests waiting for their answer. */
interface OpenPort {
  port: Browser.runtime.Port;
  waiting: Map<number, (reply: { answer: unknown } | undefined) => void>;
  lastId: number;
}

let portWanted = false;
let openPort: OpenPort | undefined;

/**
 * From now on this page's messages go over one port kept open to the background (./message-port.ts):
 * one hop each way instead of a channel opened per message. Call it once the page has drawn what it
 * shows first (opening the port wakes the background). A port the browser closes (the background
 * stopped while idle) is opened again only by the next message, which wakes the background anyway;
 * requests waiting on it end as if the background had stopped mid-request.
 */
export function keepMessagePortOpen(): void {
  portWanted = true;
  openPort ??= connectPort();
}

function connectPort(): OpenPort | undefined {
  let port: Browser.runtime.Port;
  try {
    port = browser.runtime.connect({ name: MESSAGE_PORT_NAME });
  } catch {
    return undefined; // this page's extension context is gone: sendMessage says so
  }
  const opened: OpenPort = { port, waiting: new Map(), lastId: 0 };
  port.onMessage.addListener((posted: unknown) => {
    if (typeof posted !== 'object' || posted === null) return;
    // The answer itself is validated with its message's schema (parseAnswer), as a sent message's is.
    const { id, answer } = posted as PortAnswer;
    const settle = opened.waiting.get(id);
    opened.waiting.delete(id);
    settle?.({ answer });
  });
  port.onDisconnect.addListener(() => {
    if (openPort === opened) openPort = undefined;
    for (const settle of opened.waiting.values()) settle(undefined);
    opened.waiting.clear();
  });
  return opened;
}

/** Posts on the open port; undefined when the port cannot take it (then the message is sent instead). */
function postOnPort(opened: OpenPort, message: unknown): Promise<unknown> | undefined {
  const id = (opened.lastId += 1);
  const answered = new Promise<unknown>((resolve, reject) => {
    opened.waiting.set(id, (reply) => (reply ? resolve(reply.answer) : reject(new Error('disconnected'))));
  });
  try {
    opened.port.postMessage({ id, message } satisfies PortRequest);
  } catch {
    opened.waiting.delete(id);
    if (openPort === opened) openPort = undefined;
    return undefined;
  }
  return answered;
}

function send(envelope: { type: string; data: unknown }): Promise<unknown> {
  if (portWanted) openPort ??= connectPort();
  return (openPort && postOnPort(openPort, envelope)) ?? browser.runtime.sendMessage(envelope);
}

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
  const envelope = { type: message.name, data: checked.data };
  return settle(message, envelope, await ask(message, envelope));
}

const NO_ANSWER = Symbol('no answer');

/** Sends one envelope; its answer as it came, or NO_ANSWER where none can come. */
async function ask(message: MessageDefinition, envelope: { type: string; data: unknown }): Promise<unknown> {
  let sent: Promise<unknown>;
  try {
    sent = send(envelope);
  } catch {
    return NO_ANSWER;
  }
  // Built while the background works (made once per message and page), not after its answer arrives.
  answerSchemaOf(message);
  try {
    return await sent;
  } catch {
    return NO_ANSWER;
  }
}

/** The background may have acted before it stopped (a worker the browser ended mid-request). */
const unreachable = () => fail('BACKGROUND_UNAVAILABLE', text('errorBackgroundUnavailable'), { maybeProcessed: true });

function parseAnswer<D extends MessageDefinition>(message: D, answer: unknown): Result<ResponseOfDefinition<D>> {
  const parsed = answerSchemaOf(message).safeParse(answer);
  if (!parsed.success) return fail('INTERNAL', text('errorUnreadableAnswer'));
  return parsed.data as Result<ResponseOfDefinition<D>>;
}

/**
 * The answer, validated; none at all (the background stopped before it answered: the browser ends an
 * idle worker, the port closes) is asked once more where the message only reads, which wakes the
 * background. A message that acts is not asked again: it may have acted.
 */
async function settle<D extends MessageDefinition>(
  message: D,
  envelope: { type: string; data: unknown },
  answer: unknown,
): Promise<Result<ResponseOfDefinition<D>>> {
  const settled = answer === NO_ANSWER && message.readsOnly ? await ask(message, envelope) : answer;
  return settled === NO_ANSWER ? unreachable() : parseAnswer(message, settled);
}

/**
 * The answer to a message sent early (lib/messaging/early-request.ts, before zod was loaded) with this
 * request, validated now with the message's response schema, exactly as sendMessage validates its own.
 */
export async function readAnswer<D extends MessageDefinition>(
  message: D,
  early: EarlyAnswer,
  request: RequestOfDefinition<D>,
): Promise<Result<ResponseOfDefinition<D>>> {
  const received = await early;
  const envelope = { type: message.name, data: request };
  return settle(message, envelope, 'answer' in received ? received.answer : NO_ANSWER);
}
