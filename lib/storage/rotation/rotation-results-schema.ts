import { z } from 'zod/mini';
import { environmentSchema } from '../../environment';
import { built, extendedObject } from '../../schema-parts';

// The results of rotation jobs as pages and messages see them. Stored, with their tokens, as
// `local:ws.<id>.rotationResults` by the credentials gate (lib/storage/credentials/rotation-results-store.ts):
// the tokens are secrets, sealed there while the passphrase lock is on.

/** One group a rotation job gave a new token, without that token. */
export const rotationResultSchema = z.lazy(() =>
  z.object({
    userGroupId: z.string(),
    environment: environmentSchema,
    name: z.string(),
    /** When the job received the new token (the group's `issuedAt` from then on). */
    rotatedAt: z.string(),
  }),
);
export type RotationResultEntry = z.infer<typeof rotationResultSchema>;

/** One result with its new token: what Export rotation results writes, what an administrator hands on. */
export const rotationResultWithTokenSchema = z.lazy(() =>
  extendedObject(built(rotationResultSchema), { token: z.string() }),
);
export type RotationResult = z.infer<typeof rotationResultWithTokenSchema>;

/** What a page may know of the results held: how many, and since when (no token). */
export const rotationResultsSummarySchema = z.lazy(() =>
  z.object({ count: z.number(), since: z.optional(z.string()) }),
);
export type RotationResultsSummary = z.infer<typeof rotationResultsSummarySchema>;
