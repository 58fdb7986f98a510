import { z } from 'zod/mini';
import { hasControlCharacter } from '@/lib/text/control-characters';
import { policyProblemSchema } from '../storage/policy-status';
import { MAX_ADDRESS_LENGTH } from '../url/address-length';
import { ROTATION_PERIODS, rotationPeriodSchema, type RotationPeriod } from '../storage/rotation/token-rotation';

// The organisation policy (design.md §9): what an administrator may set through `storage.managed`,
// and what reading it produces. Schemas only, no browser access, so any page may import this file.
// public/managed-schema.json declares the same keys for Chrome; a unit test keeps the two in step.

/** The policy's keys as administrators write them (Chrome's schema, policies.json, .reg, plist). */
export const POLICY_KEYS = [
  'workspaces',
  'lockWorkspaces',
  'allowSecretExport',
  'tokenRotationDays',
  'lockTokenRotation',
] as const;
export const WORKSPACE_KEYS = [
  'name',
  'projectApiUrl',
  'userGroupBaseUrl',
  'apiKey',
  'authToken',
  'apiToken',
  'projectLink',
] as const;

/** Only this many entries of `workspaces` are read: a policy cannot flood every page with workspaces. */
export const MAX_MANAGED_WORKSPACES = 50;
export const MAX_WORKSPACE_NAME_LENGTH = 100;
/** The same bound as an imported user-group token. */
export const MAX_SECRET_LENGTH = 1024;
/** More problems than this are summed up in one `more-problems`: a notice stays readable. */
export const MAX_POLICY_PROBLEMS = 100;

/**
 * A secret travels in an HTTP header, which can carry printable ASCII only (a line break in it would
 * even split the header). Refused here rather than failing at every request.
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

// Each `message` below is a problem code (policyProblemCodeSchema), not a sentence: parse-workspace.ts
// turns the first issue of a value into a problem, and the UI translates the code.
export const workspaceNameSchema = z.lazy(() =>
  z.string().check(
    z.trim(),
    z.minLength(1, 'empty-name'),
    z.maxLength(MAX_WORKSPACE_NAME_LENGTH),
    z.refine((value) => !hasControlCharacter(value), 'invalid-name'),
  ),
);
export const policyAddressSchema = z.lazy(() => z.string().check(z.trim(), z.maxLength(MAX_ADDRESS_LENGTH)));
export const policySecretSchema = z.lazy(() =>
  z.string().check(
    z.trim(),
    z.maxLength(MAX_SECRET_LENGTH),
    z.refine((value) => PRINTABLE_ASCII.test(value), 'invalid-secret'),
  ),
);
/** **Project link**: checked further by lib/api/project-link.ts (parse-workspace.ts). */
export const policyProjectLinkSchema = z.lazy(() => z.string().check(z.trim(), z.maxLength(MAX_ADDRESS_LENGTH)));
export const lockWorkspacesSchema = z.boolean();
export const lockTokenRotationSchema = z.boolean();
/** **Rotate tokens every**, in days: one of the choices the page offers (0 is Off). */
export const tokenRotationDaysSchema = z.lazy(() =>
  z.number().check(z.refine((days) => (ROTATION_PERIODS as readonly number[]).includes(days), 'invalid-rotation-days')),
);
export const isRotationPeriod = (days: number): days is RotationPeriod =>
  (ROTATION_PERIODS as readonly number[]).includes(days);
export const allowSecretExportSchema = z.boolean();
/** The list itself; its entries are read one by one so that one bad entry costs only itself. */
export const workspaceListSchema = z.lazy(() => z.array(z.unknown()));

/**
 * A workspace as the policy gives it, checked and normalised. As in connection-schema.ts, `''` means
 * "not set": an address the workspace does not use, or a secret left for the user to type.
 */
export const managedWorkspaceSchema = z.lazy(() =>
  z.object({
    name: z.string(),
    projectApiUrl: z.string(),
    userGroupBaseUrl: z.string(),
    apiKey: z.string(),
    authToken: z.string(),
    apiToken: z.string(),
    /**
     * The project link template, only when the policy sets one (then users cannot change it). Absent
     * rather than `''`, so that the fingerprint of a workspace that sets none stays what it was before
     * the key existed (an unchanged policy writes no connection again).
     */
    projectLink: z.optional(z.string()),
  }),
);
export type ManagedWorkspace = z.infer<typeof managedWorkspaceSchema>;

/** What the policy configures once read: bad values already left out, each with its problem. */
export const parsedPolicySchema = z.lazy(() =>
  z.object({
    workspaces: z.array(managedWorkspaceSchema),
    /** `lockWorkspaces`: users may not edit the managed workspaces (they can never delete them). */
    locked: z.boolean(),
    /**
     * `allowSecretExport`: users may put the secrets this policy sets into a setup file. Present (true)
     * only when the policy says so; by default they never leave the browser.
     */
    allowSecretExport: z.optional(z.literal(true)),
    /**
     * `tokenRotationDays` and `lockTokenRotation`: how often every workspace's tokens are due for
     * rotation. Absent when the policy says neither.
     */
    tokenRotation: z.optional(z.object({ everyDays: z.optional(rotationPeriodSchema), locked: z.boolean() })),
    problems: z.array(policyProblemSchema),
  }),
);
export type ParsedPolicy = z.infer<typeof parsedPolicySchema>;

export const EMPTY_POLICY: ParsedPolicy = { workspaces: [], locked: false, problems: [] };

/** The form of a name used to find duplicates: "Acme" and " acme " are one workspace. */
export function workspaceNameKey(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}
