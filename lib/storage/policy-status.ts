import { z } from 'zod/mini';
import { rotationPeriodSchema } from './rotation/token-rotation';
import { recordOf } from '../schema-parts';
import { checkedValue } from './checked-value';

export const policyProblemCodeSchema = z.enum([
  /** The value has another JSON type than `expected`. */
  'wrong-type',
  /** A key this extension does not know (a typo, or a key of a newer version). */
  'unknown-key',
  /** `workspaces` has more than `limit` entries; `count` of them were not read. */
  'too-many-workspaces',
  /** A text longer than `limit` characters. */
  'too-long',
  'empty-name',
  /** A name with a line break, tab or other control character. */
  'invalid-name',
  /** A second workspace with the name of the one at `firstPath` (compared ignoring case). */
  'duplicate-name',
  /** An address `checkServiceUrl` refuses; `reason` says why. */
  'invalid-address',
  /** A workspace with neither a usable project API address nor a user-group API address. */
  'no-address',
  /** A secret with characters an HTTP header cannot carry. */
  'invalid-secret',
  /** A secret for an API whose address is not set (or was refused): it could not be bound to an origin. */
  'secret-without-address',
  /** A workspace's `projectLink` that lib/api/project-link.ts refuses. */
  'invalid-project-link',
  /** `tokenRotationDays` is a number other than 0, 30, 60, 90, 180 or 365. */
  'invalid-rotation-days',
  /** `count` further problems were not listed. */
  'more-problems',
]);
export type PolicyProblemCode = z.infer<typeof policyProblemCodeSchema>;

/** Why an address was refused, for the translated notice. */
export const addressReasonSchema = z.enum([
  'malformed',
  'not-https',
  'plain-http',
  'user-info',
  'query-or-fragment',
  'other',
]);
export type AddressReason = z.infer<typeof addressReasonSchema>;

/**
 * One value the extension ignored. Never an English sentence (pages translate the code) and never a
 * secret's value. `path` names the value as the administrator wrote it: `workspaces[2].projectApiUrl`.
 * `ignored` says what was left out: that value alone, the whole workspace at `workspaces[i]`, or
 * nothing (`more-problems`).
 */
export const policyProblemSchema = z.lazy(() =>
  z.object({
    code: policyProblemCodeSchema,
    path: z.string(),
    ignored: z.enum(['value', 'workspace', 'none']),
    expected: z.optional(z.enum(['object', 'array', 'string', 'boolean', 'number'])),
    limit: z.optional(z.number()),
    count: z.optional(z.number()),
    reason: z.optional(addressReasonSchema),
    firstPath: z.optional(z.string()),
  }),
);
export type PolicyProblem = z.infer<typeof policyProblemSchema>;

/**
 * `local:managedPolicy`: what the background last read from the organisation policy, for the options
 * page's notice. No secret, nothing computed from one, and no address: the lock, the problems (codes
 * and paths), and for each managed workspace a fingerprint of the values last written into its
 * connection that are not secret, and which secrets the policy sets (names only).
 */
export const MANAGED_POLICY_KEY = 'managedPolicy';

export const policyStatusSchema = z.lazy(() =>
  z.object({
    locked: z.boolean(),
    problems: z.array(policyProblemSchema),
    /**
     * Version 1 only (until 2026-11): per managed workspace, a fast hash of every value the policy set,
     * its secrets included. Read once, to tell whether the policy changed since, and never written again.
     */
    applied: z.optional(recordOf(z.string())),
    /** Per managed workspace, the fingerprint of what the policy sets that is not secret (managedSettingsFingerprint). */
    appliedSettings: z.optional(recordOf(z.string())),
    /** The policy lets users put its secrets into a setup file (`allowSecretExport`); by default it does not. */
    allowSecretExport: z.optional(z.boolean()),
    /** For each managed workspace, the secrets the policy sets: read-only, only the others can be typed. */
    fixed: z.optional(recordOf(z.array(z.enum(['apiKey', 'authToken', 'apiToken'])))),
    /** The managed workspaces whose **Project link** the policy sets: read-only there, locked or not. */
    projectLinks: z.optional(z.array(z.string())),
    /**
     * **Rotate tokens every**, for every workspace: `everyDays` (absent: the policy sets none) is the
     * default of a workspace whose user has not chosen, or, `locked`, the setting of every workspace.
     */
    tokenRotation: z.optional(z.object({ everyDays: z.optional(rotationPeriodSchema), locked: z.boolean() })),
  }),
);
export type PolicyStatus = z.infer<typeof policyStatusSchema>;

export const EMPTY_POLICY_STATUS: PolicyStatus = { locked: false, problems: [], appliedSettings: {} };

/**
 * The status as stored (undefined when nothing was applied yet, or it cannot be read): written by the
 * background's policy applier only (lib/workspace-management/apply-policy.ts), read and followed by pages.
 */
export const storedPolicyStatus = checkedValue(`local:${MANAGED_POLICY_KEY}`, policyStatusSchema);

/** What the background last applied, or the empty status when there is none (no policy) or it cannot be read. */
export const readPolicyStatus = async (): Promise<PolicyStatus> =>
  (await storedPolicyStatus.read()) ?? EMPTY_POLICY_STATUS;

/** What the policy last applied says about **Rotate tokens every** (undefined: nothing), read in the background. */
export async function readPolicyTokenRotation(): Promise<PolicyStatus['tokenRotation']> {
  return (await readPolicyStatus()).tokenRotation;
}

/** Whether the policy last applied sets this workspace's project link (then the user cannot change it). */
export async function policySetsProjectLink(workspaceId: string): Promise<boolean> {
  return (await readPolicyStatus()).projectLinks?.includes(workspaceId) === true;
}
