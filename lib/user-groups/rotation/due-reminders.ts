import type { PolicyStatus } from '../../storage/policy-status';
import type { RegistryEntry } from '../../storage/registry/registry-schema';
import type { DueSummary, DueWorkspace } from '../../storage/rotation/due-summary';
import type { TokenRotation } from '../../storage/rotation/token-rotation';
import { effectiveRotation } from './rotation-settings';
import { dueGroups } from '../registry-views/token-age';

export interface DueCheckDeps {
  workspaces: () => Promise<readonly { id: string; name: string }[]>;
  settingsOf: (workspaceId: string) => Promise<TokenRotation | null>;
  policy: () => Promise<PolicyStatus['tokenRotation']>;
  /** The workspace's groups (their dates: tokens are not needed, and may be sealed). */
  groupsOf: (workspaceId: string) => Promise<readonly Pick<RegistryEntry, 'issuedAt' | 'deleteOutcomeUnknown'>[]>;
  now: () => Date;
}

/**
 * How many tokens are due in each workspace whose user turned reminders on (and whose period is not
 * Off); other workspaces are not read at all.
 */
export async function checkDue(deps: DueCheckDeps): Promise<DueSummary> {
  const now = deps.now();
  const policy = await deps.policy();
  const workspaces: DueWorkspace[] = [];
  for (const workspace of await deps.workspaces()) {
    const rotation = effectiveRotation(await deps.settingsOf(workspace.id), policy);
    if (!rotation.remind || rotation.everyDays === 0) continue;
    const due = dueGroups(await deps.groupsOf(workspace.id), rotation.everyDays, now.getTime()).length;
    workspaces.push({ id: workspace.id, name: workspace.name, due });
  }
  return { checkedAt: now.toISOString(), workspaces };
}

export const totalDue = (summary: DueSummary): number =>
  summary.workspaces.reduce((sum, workspace) => sum + workspace.due, 0);
