import { z } from 'zod/mini';
import { messageRefSchema, type MessageRef } from './message-ref';

/** Every way an operation can fail, as the UI and the tests see it. */
export const errorCodeSchema = z.enum([
  'NOT_CONFIGURED',
  /** The passphrase lock is closed: the secrets this needs are sealed until the user unlocks. */
  'LOCKED',
  'ACCESS_NOT_GRANTED',
  'INVALID_INPUT',
  'TIMEOUT',
  'NETWORK',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
  'PERMISSION_DENIED',
  'INVALID_ARGUMENT',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  /** The page is in the workspace's history: nothing was sent; the popup asks before registering it again. */
  'REGISTERED_BEFORE',
  'SERVICE_ERROR',
  'BAD_RESPONSE',
  'REJECTED',
  'UNTRUSTED_SENDER',
  'BACKGROUND_UNAVAILABLE',
  /** The browser refused a storage write for want of room (a quota, a full disk): nothing of the change was stored. */
  'STORAGE_FULL',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/**
 * An error as it crosses a boundary: data, never a thrown string, never a secret. Its message is named
 * (a message key and its arguments), not written: the page that shows it renders it in its language.
 */
export const appErrorSchema = z.lazy(() =>
  z.object({
    code: errorCodeSchema,
    message: messageRefSchema,
    /** The request may have reached the service and taken effect (timeout, reset, 5xx). */
    maybeProcessed: z.optional(z.boolean()),
    retryAfterSeconds: z.optional(z.number()),
    /** Identifier the service named in its error (an existing project's id, for example). */
    relatedId: z.optional(z.string()),
    /** Which input field the error is about, when it is about one. */
    field: z.optional(z.string()),
  }),
);
export type AppError = z.infer<typeof appErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
/** A failure; its message is named (`text('errorNetwork', origin)`), so no English sentence is written here. */
export const fail = <T = never>(
  code: ErrorCode,
  message: MessageRef,
  extra: Omit<AppError, 'code' | 'message'> = {},
): Result<T> => ({ ok: false, error: { code, message, ...extra } });

/**
 * The schema of a Result carrying `value`, for validating answers across a boundary. A plain union:
 * with two options told apart by `ok` it accepts and returns exactly what a discriminated union
 * would, without z.discriminatedUnion's code (0.5 KB gzip in every bundle, docs/performance.md).
 */
export function resultSchema<T extends z.core.$ZodType>(value: T) {
  return z.union([z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: appErrorSchema })]);
}
