import { z } from 'zod/mini';
import { policyProblemSchema } from './policy-schema';

/**
 * `local:managedPolicy`: what the background last read from the organisation policy, for the options
 * page's notice. No secret and no address: the lock, the problems (codes and paths), and for each
 * managed workspace a fingerprint of the values last written into its connection, and which secrets
 * the policy sets (names only).
 */
export const MANAGED_POLICY_KEY = 'managedPolicy';

export const policyStatusSchema = z.object({
  locked: z.boolean(),
  problems: z.array(policyProblemSchema),
  applied: z.record(z.string(), z.string()),
  /** For each managed workspace, the secrets the policy sets: locked, only the others can be typed. */
  fixed: z.optional(z.record(z.string(), z.array(z.enum(['apiKey', 'authToken', 'apiToken'])))),
});
export type PolicyStatus = z.infer<typeof policyStatusSchema>;

export const EMPTY_POLICY_STATUS: PolicyStatus = { locked: false, problems: [], applied: {} };

/** The stored status, or the empty one when there is none (no policy) or it cannot be read. */
export function parsePolicyStatus(stored: Record<string, unknown>): PolicyStatus {
  const parsed = policyStatusSchema.safeParse(stored[MANAGED_POLICY_KEY]);
  return parsed.success ? parsed.data : EMPTY_POLICY_STATUS;
}
