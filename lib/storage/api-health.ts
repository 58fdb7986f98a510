import { z } from 'zod/mini';
import { errorCodeSchema } from '../result';
import { storedTextSchema } from '../message-ref';

/**
 * How each API of a workspace last answered (the service has no call without side effects, so this is
 * what the connection form can show): `ws.<id>.apiHealth`, written by the background after every
 * call. Failure messages are redacted of secrets before they are stored; pages read it directly.
 */
export const apiCallStateSchema = z.lazy(() =>
  z.object({
    lastSuccessAt: z.optional(z.string()),
    lastFailure: z.optional(z.object({ at: z.string(), code: errorCodeSchema, message: storedTextSchema })),
  }),
);
export type ApiCallState = z.infer<typeof apiCallStateSchema>;

export const apiHealthSchema = z.lazy(() =>
  z.object({
    project: z.optional(apiCallStateSchema),
    userGroup: z.optional(apiCallStateSchema),
  }),
);
export type ApiHealth = z.infer<typeof apiHealthSchema>;

export type HealthApi = keyof ApiHealth;

/** Whether the latest call of an API succeeded: the newer of the two records. */
export function lastCallSucceeded(state: ApiCallState): boolean | undefined {
  const { lastSuccessAt, lastFailure } = state;
  if (!lastSuccessAt && !lastFailure) return undefined;
  if (!lastFailure) return true;
  if (!lastSuccessAt) return false;
  return lastSuccessAt > lastFailure.at;
}
