import type { ManagedWorkspace, ParsedPolicy } from '../policy/policy-schema';
import { workspaceNameKey } from '../policy/policy-schema';
import { cyrb53 } from '../hash/cyrb53';
import type { Workspace, WorkspaceIndex } from '../storage/workspaces/workspace-index-schema';

// Managed workspaces (design.md §9) live in the workspace index like the user's own, marked `managed`
// and listed first, so that every list (options, popup, context menu) and every lookup by id works
// unchanged. Pure functions only: the background applies them (entrypoints/background/policy.ts).

/** A name's or entry's hash as 14 hex digits (the ids stored so far use exactly this form). */
const hash53 = (text: string): string => cyrb53(text).toString(16).padStart(14, '0');

/**
 * A managed workspace's id: from its name (ignoring case), so it is the same at every start and in
 * every profile, and its registry, history and bulk job (stored under the id) stay with it.
 */
export const managedWorkspaceId = (name: string): string => `org-${hash53(workspaceNameKey(name))}`;

/**
 * Version 1 of the policy status stored this: a fast hash of every value, secrets included. Only
 * computed to tell whether the policy changed since a version-1 status was written; never stored again.
 */
export const legacyManagedFingerprint = (workspace: ManagedWorkspace): string => hash53(JSON.stringify(workspace));

/**
 * The same hash of what the policy sets for one workspace that is not a secret, and of which secrets it
 * sets (never their values): when it changes, the background writes the connection again. A secret's
 * value is compared with the stored one instead (lib/workspace-management/apply-policy.ts): nothing
 * stored is computed from a secret.
 */
export const managedSettingsFingerprint = (workspace: ManagedWorkspace): string =>
  legacyManagedFingerprint({
    ...workspace,
    apiKey: String(workspace.apiKey !== ''),
    authToken: String(workspace.authToken !== ''),
    apiToken: String(workspace.apiToken !== ''),
  });

export const isManaged = (workspace: Pick<Workspace, 'managed'> | undefined): boolean =>
  workspace?.managed !== undefined;
export const isLocked = (workspace: Pick<Workspace, 'managed'> | undefined): boolean => workspace?.managed === 'locked';

/**
 * The index with the policy's workspaces first (in the policy's order), then the user's own. A managed
 * workspace the policy no longer lists leaves the list (its data stays under its id, and comes back
 * with it). The name is the policy's while locked; unlocked, a name the user gave is kept. When
 * nothing would be left, `fresh()` is the user's new empty workspace (the index is never empty).
 */
export function mergeManaged(
  index: WorkspaceIndex,
  policy: ParsedPolicy,
  createdAt: string,
  fresh: () => Workspace,
): WorkspaceIndex {
  const mark = policy.locked ? 'locked' : 'editable';
  const previous = new Map(index.workspaces.filter(isManaged).map((workspace) => [workspace.id, workspace]));
  const managed = policy.workspaces.map((entry): Workspace => {
    const id = managedWorkspaceId(entry.name);
    const known = previous.get(id);
    const name = known && !policy.locked ? known.name : entry.name;
    return { id, name, createdAt: known?.createdAt ?? createdAt, managed: mark };
  });
  const taken = new Set(managed.map((workspace) => workspace.id));
  const own = index.workspaces.filter((workspace) => !isManaged(workspace) && !taken.has(workspace.id));
  const workspaces = [...managed, ...own];
  return { ...index, workspaces: workspaces.length > 0 ? workspaces : [fresh()] };
}

/** Whether two lists are the same (ids, names, marks, order): an unchanged index is not written again. */
export const sameWorkspaces = (a: readonly Workspace[], b: readonly Workspace[]): boolean =>
  a.length === b.length &&
  a.every(
    (workspace, i) => workspace.id === b[i]!.id && workspace.name === b[i]!.name && workspace.managed === b[i]!.managed,
  );
