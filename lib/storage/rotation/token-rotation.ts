import { storage } from '../storage-api';
import { watchKey } from '../watch-item';
import { z } from 'zod/mini';
import { perScope } from '../per-scope';
import { scopedKey, type KeyScope } from '../workspace-keys';

/** The choices of **Rotate tokens every**: 0 is Off. */
export const ROTATION_PERIODS = [0, 30, 60, 90, 180, 365] as const;
export type RotationPeriod = (typeof ROTATION_PERIODS)[number];

export const rotationPeriodSchema = z.lazy(() => z.union(ROTATION_PERIODS.map((days) => z.literal(days))));

/**
 * `ws.<id>.tokenRotation`: how often a workspace's group tokens are due for rotation, and whether the
 * user asked to be reminded (the toolbar badge and a notification). Written by the background only
 * (an organisation's policy may fix the period); pages read and watch it. Absent: the user has not
 * chosen, which reads as Off unless the policy gives a default.
 */
export const tokenRotationSchema = z.lazy(() =>
  z.object({
    everyDays: rotationPeriodSchema,
    remind: z.boolean(),
    /** Stamped by the background on each write. */
    revision: z.optional(z.string()),
  }),
);
export type TokenRotation = z.infer<typeof tokenRotationSchema>;

export const storedTokenRotationSchema = z.lazy(() => z.nullable(tokenRotationSchema));

export const tokenRotationItemFor = perScope((scope: KeyScope) =>
  storage.defineItem<TokenRotation | null>(scopedKey(scope, 'tokenRotation'), { fallback: null }),
);

/** The stored choice, or null (none yet, or unreadable: the page then shows the default). */
export async function readTokenRotation(scope: KeyScope): Promise<TokenRotation | null> {
  const parsed = storedTokenRotationSchema.safeParse(await tokenRotationItemFor(scope).getValue());
  return parsed.success ? parsed.data : null;
}

/** Calls back with the stored value whenever it changes (null once removed or unreadable). */
export function watchTokenRotation(scope: KeyScope, callback: (stored: TokenRotation | null) => void): () => void {
  return watchKey(tokenRotationItemFor(scope).key, (value) => {
    const parsed = tokenRotationSchema.safeParse(value);
    callback(parsed.success ? parsed.data : null);
  });
}
