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
const AFTER_PROCESSING_KINDS: readonly FaultKind[] = ['hang', 'reset', 'html'];
const KIND_FIELDS: Record<FaultKind, readonly string[]> = {
  delay: ['ms'],
  hang: [],
  reset: [],
  html: ['status'],
  rateLimit: ['retryAfterSeconds'],
  malformedJson: [],
  wrongShape: [],
  successZero: [],
  unauthorized: [],
};
const COMMON_FIELDS = ['kind', 'times', 'everyNth', 'afterProcessing'];

function isKind(value: unknown): value is FaultKind {
  return typeof value === 'string' && (KINDS as readonly string[]).includes(value);
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
    return 'fault.afterProcessing applies only to hang, reset and html';
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
      if (status !== 500 && status !== 502 && status !== 503) return 'fault.status must be 500, 502 or 503';
      return { kind, status, ...common, ...after };
    }
    case 'rateLimit':
      if (!isNonNegativeInteger(input.retryAfterSeconds)) {
        return 'fault.retryAfterSeconds must be a non-negative integer';
      }
      return { kind, retryAfterSeconds: input.retryAfterSeconds, ...common };
    case 'hang':
    case 'reset':
      return { kind, ...common, ...after };
    default:
      return { kind, ...common };
  }
}
