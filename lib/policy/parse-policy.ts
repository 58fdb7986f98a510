import { type PolicyProblem } from '../storage/policy-status';
import { parseWorkspace } from './parse-workspace';
import {
  EMPTY_POLICY,
  allowSecretExportSchema,
  lockTokenRotationSchema,
  lockWorkspacesSchema,
  tokenRotationDaysSchema,
  isRotationPeriod,
  MAX_MANAGED_WORKSPACES,
  MAX_POLICY_PROBLEMS,
  POLICY_KEYS,
  workspaceListSchema,
  workspaceNameKey,
  type ManagedWorkspace,
  type ParsedPolicy,
} from './policy-schema';
import { asObject, checkValue, isUnset, reportUnknownKeys, type Report } from './policy-values';

// What `storage.managed.get()` answered, turned into workspaces. Chrome drops values that break
// public/managed-schema.json before we see them; Firefox checks nothing. Either way every value is
// checked here, one at a time: a bad value is left out with a problem, never the whole policy for it,
// and nothing here throws.

/** The first entries (at most MAX_MANAGED_WORKSPACES), each with a usable name seen once. */
function readWorkspaces(value: unknown, report: Report): ManagedWorkspace[] {
  if (isUnset(value)) return [];
  const list = checkValue(workspaceListSchema, value, 'workspaces', 'value');
  if (!list.ok) {
    report(list.problem);
    return [];
  }
  if (list.value.length > MAX_MANAGED_WORKSPACES) {
    const count = list.value.length - MAX_MANAGED_WORKSPACES;
    report({
      code: 'too-many-workspaces',
      path: 'workspaces',
      ignored: 'workspace',
      limit: MAX_MANAGED_WORKSPACES,
      count,
    });
  }
  const workspaces: ManagedWorkspace[] = [];
  const firstPathOf = new Map<string, string>();
  list.value.slice(0, MAX_MANAGED_WORKSPACES).forEach((entry, index) => {
    const path = `workspaces[${index}]`;
    const workspace = parseWorkspace(entry, path, report);
    if (!workspace) return;
    // The name is how users and the workspace list tell managed workspaces apart: the first one wins.
    const key = workspaceNameKey(workspace.name);
    const firstPath = firstPathOf.get(key);
    if (firstPath !== undefined) {
      report({ code: 'duplicate-name', path, ignored: 'workspace', firstPath });
      return;
    }
    firstPathOf.set(key, path);
    workspaces.push(workspace);
  });
  return workspaces;
}

const FLAG_SCHEMAS = {
  lockWorkspaces: lockWorkspacesSchema,
  allowSecretExport: allowSecretExportSchema,
  lockTokenRotation: lockTokenRotationSchema,
};

/** A yes/no key; a value that is not a boolean is ignored with a problem, which leaves the default (no). */
function readFlag(value: unknown, key: keyof typeof FLAG_SCHEMAS, report: Report): boolean {
  if (isUnset(value)) return false;
  const flag = checkValue(FLAG_SCHEMAS[key], value, key, 'value');
  if (flag.ok) return flag.value;
  report(flag.problem);
  return false;
}

/**
 * `tokenRotationDays` and `lockTokenRotation`: undefined when the policy says neither (or only bad
 * values). A lock without a usable period locks **Rotate tokens every** at Off.
 */
function readTokenRotation(policy: Record<string, unknown>, report: Report): ParsedPolicy['tokenRotation'] {
  let everyDays: number | undefined;
  if (!isUnset(policy.tokenRotationDays)) {
    const days = checkValue(tokenRotationDaysSchema, policy.tokenRotationDays, 'tokenRotationDays', 'value');
    if (days.ok) everyDays = days.value;
    else report(days.problem);
  }
  const locked = readFlag(policy.lockTokenRotation, 'lockTokenRotation', report);
  if (everyDays === undefined && !locked) return undefined;
  return { ...(everyDays !== undefined && isRotationPeriod(everyDays) && { everyDays }), locked };
}

/**
 * The policy in `raw` (the object `storage.managed.get()` resolves to). `undefined`, `null` and `{}`
 * are "no policy". Problems come in the order of the values, unknown top-level keys last, at most
 * MAX_POLICY_PROBLEMS of them and then one `more-problems` with the number left out.
 */
export function parsePolicy(raw: unknown): ParsedPolicy {
  if (isUnset(raw)) return EMPTY_POLICY;
  const problems: PolicyProblem[] = [];
  let unlisted = 0;
  const report: Report = (problem) => {
    if (problems.length < MAX_POLICY_PROBLEMS) problems.push(problem);
    else unlisted++;
  };
  const policy = asObject(raw);
  let workspaces: ManagedWorkspace[] = [];
  let locked = false;
  let allowSecretExport = false;
  let tokenRotation: ParsedPolicy['tokenRotation'];
  if (policy) {
    workspaces = readWorkspaces(policy.workspaces, report);
    locked = readFlag(policy.lockWorkspaces, 'lockWorkspaces', report);
    allowSecretExport = readFlag(policy.allowSecretExport, 'allowSecretExport', report);
    tokenRotation = readTokenRotation(policy, report);
    reportUnknownKeys(policy, POLICY_KEYS, '', report);
  } else {
    report({ code: 'wrong-type', path: '', ignored: 'value', expected: 'object' });
  }
  if (unlisted > 0) problems.push({ code: 'more-problems', path: '', ignored: 'none', count: unlisted });
  return {
    workspaces,
    locked,
    ...(allowSecretExport && { allowSecretExport: true }),
    ...(tokenRotation && { tokenRotation }),
    problems,
  };
}
