import { z } from 'zod/mini';
import { cipherEnvelopeSchema } from '../../crypto/aes-gcm';

// The passphrase lock (design.md §10): schemas only, so pages may import them without storage code.

/** Idle minutes before the lock closes again, or only when the browser closes. */
export const LOCK_AFTER_CHOICES = ['5', '15', '30', '60', 'close'] as const;
export const lockAfterSchema = z.enum(LOCK_AFTER_CHOICES);
export type LockAfter = z.infer<typeof lockAfterSchema>;
export const DEFAULT_LOCK_AFTER: LockAfter = '15';

/**
 * What `local:lock` holds while the lock is on (absent when off): how to derive the key from the
 * passphrase and a verifier (a known text encrypted under the key) that tells a wrong passphrase.
 * No key and no secret: the key lives only in `session:` and in the worker's memory.
 */
export const lockStateSchema = z.lazy(() =>
  z.object({
    v: z.literal(1),
    salt: z.string(),
    iterations: z.number(),
    verifier: cipherEnvelopeSchema,
    lockAfter: lockAfterSchema,
  }),
);
export type LockState = z.infer<typeof lockStateSchema>;

/** A workspace's credentials while the lock is on: the JSON of StoredCredentials, encrypted. */
export const sealedCredentialsSchema = z.lazy(() => z.object({ sealed: cipherEnvelopeSchema }));
export type SealedCredentials = z.infer<typeof sealedCredentialsSchema>;

/** What pages learn about the lock. */
export const lockStatusSchema = z.object({ enabled: z.boolean(), locked: z.boolean(), lockAfter: lockAfterSchema });
export type LockStatus = z.infer<typeof lockStatusSchema>;
