import { messageText, verbatimText, type MessageRef } from '@/lib/message-ref';
import type { Result } from '@/lib/result';

/**
 * A result with its error's named text rendered in English (the fake browser's messages), so that a
 * test can say what the user reads: `expect(withText(result)).toEqual({ ok: false, error: { code, message: '…' } })`.
 */
export function withText(result: Result<unknown>): unknown {
  return result.ok ? result : { ok: false, error: { ...result.error, message: messageText(result.error.message) } };
}

/** Every stored named text of a value (a registry entry, a job) rendered in English, deep. */
export function textsRendered<T>(value: T): unknown {
  if (Array.isArray(value)) return value.map(textsRendered);
  if (value && typeof value === 'object') {
    if (isRef(value)) return messageText(value);
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, textsRendered(inner)]));
  }
  return value;
}

const isRef = (value: object): value is MessageRef =>
  'key' in value &&
  typeof value.key === 'string' &&
  Object.keys(value).every((key) => ['key', 'args', 'count'].includes(key));

/**
 * A stored example as it is read now: written before texts were named, each English text (a `message`)
 * is read as it is (a verbatim text). The groups' `extra` fields are the service's, kept untouched.
 */
export function asReadNow<T>(value: T): T {
  if (Array.isArray(value)) return value.map((inner: unknown) => asReadNow(inner)) as T;
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === 'message' && typeof inner === 'string' ? verbatimText(inner) : key === 'extra' ? inner : asReadNow(inner),
    ]),
  ) as T;
}
