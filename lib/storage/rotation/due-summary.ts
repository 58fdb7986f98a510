import { z } from 'zod/mini';
import { safeInt } from '../../schema-parts';
import { MANAGED_POLICY_KEY } from '../policy-status';
import { WORKSPACE_ID_PATTERN, WORKSPACE_INDEX_KEY } from '../workspace-keys';
import { watchKeys } from '../watch-item';
import { checkedValue } from '../checked-value';

/** `tokenReminders`: the last count of tokens due, so that a restarted worker shows the same badge. */
export const DUE_SUMMARY_KEY = 'tokenReminders';

/** A workspace whose user asked to be reminded, and how many of its tokens are due. */
export const dueWorkspaceSchema = z.lazy(() => z.object({ id: z.string(), name: z.string(), due: safeInt(0) }));
export type DueWorkspace = z.infer<typeof dueWorkspaceSchema>;

export const dueSummarySchema = z.lazy(() =>
  z.object({ checkedAt: z.string(), workspaces: z.array(dueWorkspaceSchema) }),
);
export type DueSummary = z.infer<typeof dueSummarySchema>;

/** The last count: read as undefined when there is none yet or it is unreadable (the next count replaces it). */
export const { read: readDueSummary, write: writeDueSummary } = checkedValue(
  `local:${DUE_SUMMARY_KEY}`,
  dueSummarySchema,
);

/**
 * The stored items a count of due tokens depends on: the workspace list, the organisation's policy, and
 * each workspace's rotation settings and registry parts (`ws.<id>.tokenRotation`, `ws.<id>.userGroups.007`).
 */
export function affectsDueCount(key: string): boolean {
  if (key === WORKSPACE_INDEX_KEY || key === MANAGED_POLICY_KEY) return true;
  const match = /^ws\.([^.]+)\.(.+)$/.exec(key);
  return (
    match !== null && WORKSPACE_ID_PATTERN.test(match[1]!) && /^(tokenRotation|userGroups\.\d{3})$/.test(match[2]!)
  );
}

/** Calls back when something a count of due tokens depends on (affectsDueCount) is written; returns the unsubscribe. */
export const watchDueCountInputs = (callback: () => void): (() => void) =>
  watchKeys((key, area) => area === 'local' && affectsDueCount(key), callback);
