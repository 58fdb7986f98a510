import { isPlainObject } from './http-io.ts';
import type { Fault, FaultKind, RouteName } from './types.ts';

interface ActiveFault {
  fault: Fault;
  /** Matching requests seen since the fault was set (for everyNth). */
  seen: number;
  /** Applications left; undefined means until cleared. */
  remaining: number | undefined;
}

/** One fault per route; setting a new one replaces the old one and its counters. */
export class FaultRegistry {
  #active = new Map<RouteName, ActiveFault>();

  set(route: RouteName, fault: Fault): void {
    const checked = parseFault(fault);
    if (typeof checked === 'string') throw new TypeError(`Invalid fault for ${route}: ${checked}`);
    this.#active.set(route, { fault: checked, seen: 0, remaining: checked.times });
  }

  clear(): void {
    this.#active.clear();
  }

  list(): { route: RouteName; fault: Fault }[] {
    return [...this.#active].map(([route, active]) => ({ route, fault: { ...active.fault } }));
  }

  /** Counts one matching request and returns the fault to apply to it, if any. */
  take(route: RouteName): Fault | undefined {
    const active = this.#active.get(route);
    if (!active) return undefined;
    active.seen += 1;
    const everyNth = active.fault.everyNth ?? 1;
    if (active.seen % everyNth !== 0) return undefined;
    if (active.remaining !== undefined) {
      active.remaining -= 1;
      if (active.remaining <= 0) this.#active.delete(route);
    }
    return active.fault;
  }
}

const KINDS: readonly FaultKind[] = [
  'delay',
  'hang',
  'reset',
  'html',
  'rateLimit',
  'malformedJson',
  'wrongShape',
  'successZero',
  'unauthorized',
];
/** The faults that may come after the change: the answer is lost (hang, reset), an error page or garbled. */
const AFTER_PROCESSING_KINDS: readonly FaultKind[] = ['hang', 'reset', 'html', 'malformedJson', 'wrongShape'];
const HTML_STATUSES = [500, 502, 503, 504] as const;
const KIND_FIELDS: Record<FaultKind, readonly string[]> = {
  delay: ['ms'],
  hang: ['dropAfterMs'],
  reset: [],
  html: ['status'],
  rateLimit: ['retryAfterSeconds'],
  malformedJson: [],
  wrongShape: [],
  successZero: ['messageLength', 'echoSecrets'],
  unauthorized: [],
};
/** A refusal's message may be long, but the whole answer stays under the client's 1 MiB body limit and ours. */
const MAX_MESSAGE_LENGTH = 1_000_000;
const COMMON_FIELDS = ['kind', 'times', 'everyNth', 'afterProcessing'];

function isKind(value: unknown): value is FaultKind {
  return typeof value === 'string' && (KINDS as readonly string[]).includes(value);
}

function isHtmlStatus(value: unknown): value is (typeof HTML_STATUSES)[number] {
  return (HTML_STATUSES as readonly unknown[]).includes(value);
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** Hand-written validation (the sandbox has no dependencies): a checked copy of the fault, or what is wrong. */
export function parseFault(input: unknown): Fault | string {
  if (!isPlainObject(input)) return 'fault must be an object';
  const { kind } = input;
  if (!isKind(kind)) return `fault.kind must be one of ${KINDS.join(', ')}`;
  const allowed = [...COMMON_FIELDS, ...KIND_FIELDS[kind]];
  const unknownField = Object.keys(input).find((key) => !allowed.includes(key));
  if (unknownField !== undefined) return `fault.${unknownField} is not an option of "${kind}"`;
  const { times, everyNth, afterProcessing } = input;
  if (times !== undefined && !isPositiveInteger(times)) return 'fault.times must be a positive integer';
  if (everyNth !== undefined && !isPositiveInteger(everyNth)) return 'fault.everyNth must be a positive integer';
  if (afterProcessing !== undefined && typeof afterProcessing !== 'boolean') {
    return 'fault.afterProcessing must be a boolean';
  }
  if (afterProcessing !== undefined && !AFTER_PROCESSING_KINDS.includes(kind)) {
    return `fault.afterProcessing applies only to ${AFTER_PROCESSING_KINDS.join(', ')}`;
  }
  const common = {
    ...(times === undefined ? {} : { times }),
    ...(everyNth === undefined ? {} : { everyNth }),
  };
  const after = afterProcessing === undefined ? {} : { afterProcessing };
  switch (kind) {
    case 'delay':
      if (!isNonNegativeInteger(input.ms)) return 'fault.ms must be a non-negative integer';
      return { kind, ms: input.ms, ...common };
    case 'html': {
      const { status } = input;
      if (status === undefined) return { kind, ...common, ...after };
      if (!isHtmlStatus(status)) return `fault.status must be one of ${HTML_STATUSES.join(', ')}`;
      return { kind, status, ...common, ...after };
    }
    case 'rateLimit':
      if (!isNonNegativeInteger(input.retryAfterSeconds)) {
        return 'fault.retryAfterSeconds must be a non-negative integer';
      }
      return { kind, retryAfterSeconds: input.retryAfterSeconds, ...common };
    case 'successZero': {
      const { messageLength, echoSecrets } = input;
      if (echoSecrets !== undefined && typeof echoSecrets !== 'boolean') return 'fault.echoSecrets must be a boolean';
      const echo = echoSecrets === undefined ? {} : { echoSecrets };
      if (messageLength === undefined) return { kind, ...common, ...echo };
      if (!isPositiveInteger(messageLength) || messageLength > MAX_MESSAGE_LENGTH) {
        return `fault.messageLength must be a positive integer of at most ${MAX_MESSAGE_LENGTH}`;
      }
      return { kind, messageLength, ...common, ...echo };
    }
    case 'hang': {
      const { dropAfterMs } = input;
      if (dropAfterMs === undefined) return { kind, ...common, ...after };
      if (!isNonNegativeInteger(dropAfterMs)) return 'fault.dropAfterMs must be a non-negative integer';
      return { kind, dropAfterMs, ...common, ...after };
    }
    case 'reset':
    case 'malformedJson':
    case 'wrongShape':
      return { kind, ...common, ...after };
    default:
      return { kind, ...common };
  }
}
