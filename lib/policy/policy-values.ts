import { z } from 'zod/mini';
import { policyProblemCodeSchema, type PolicyProblem } from '../storage/policy-status';
import { recordOf } from '../schema-parts';

// Small pieces shared by parse-policy.ts and parse-workspace.ts: names of values, the "is this a JSON
// object" test, and turning a zod issue into a problem.

export type Report = (problem: PolicyProblem) => void;
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: PolicyProblem };

const objectSchema = recordOf(z.unknown());
const SIMPLE_KEY = /^[A-Za-z_$][\w$]*$/;
/** An unknown key can be any text: its name in a path is cut to this length. */
const MAX_KEY_IN_PATH = 64;

/** `parent.key`, or `parent["odd key"]` when the key is not a plain identifier. */
export function keyPath(parent: string, key: string): string {
  if (SIMPLE_KEY.test(key) && key.length <= MAX_KEY_IN_PATH) return parent ? `${parent}.${key}` : key;
  const shown = key.length > MAX_KEY_IN_PATH ? `${key.slice(0, MAX_KEY_IN_PATH)}…` : key;
  return `${parent}[${JSON.stringify(shown)}]`;
}

/** A missing value and JSON `null` both mean "not set", like an empty text. */
export const isUnset = (value: unknown): value is undefined | null => value === undefined || value === null;

/** A JSON object (not an array, not null), as policy engines hand them over. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  const parsed = objectSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** One `unknown-key` problem for each key of `object` that is not in `known`. */
export function reportUnknownKeys(
  object: Record<string, unknown>,
  known: readonly string[],
  parent: string,
  report: Report,
): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key)) report({ code: 'unknown-key', path: keyPath(parent, key), ignored: 'value' });
  }
}

type Expected = NonNullable<PolicyProblem['expected']>;
const EXPECTED = new Set<string>(['object', 'array', 'string', 'boolean', 'number'] satisfies Expected[]);

/**
 * Parses `value` with `schema`; a failure becomes a problem from its first issue: a wrong type, a
 * text over its limit, or the code a check of policy-schema.ts names in its message.
 */
export function checkValue<T>(
  schema: z.ZodMiniType<T>,
  value: unknown,
  path: string,
  ignored: PolicyProblem['ignored'],
): Checked<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.code === 'invalid_type') {
    const expected = EXPECTED.has(issue.expected) ? (issue.expected as Expected) : undefined;
    return { ok: false, problem: { code: 'wrong-type', path, ignored, ...(expected && { expected }) } };
  }
  if (issue?.code === 'too_big')
    return { ok: false, problem: { code: 'too-long', path, ignored, limit: Number(issue.maximum) } };
  const named = policyProblemCodeSchema.safeParse(issue?.message);
  // A check without a code of its own is a programming error here, but still only ignores this value.
  return { ok: false, problem: { code: named.success ? named.data : 'wrong-type', path, ignored } };
}
