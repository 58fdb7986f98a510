import { sendMessage } from '@/lib/messaging/client';
import { startSelectionJob as startSelectionJobMessage } from '@/lib/messaging/messages/selection-job-messages';
import type { Result } from '@/lib/result';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';

/** What a selection job does to each selected group. */
export type SelectionOperation = 'rotate' | 'delete';

/**
 * Starts a background job that rotates or deletes the selected groups with the bulk job's pacing,
 * progress, worker-restart safety and resume. Answers how many groups the job will send.
 * (Interface agreed between the list and the job engine; the engine implements it.)
 * Refused (INVALID_INPUT, with a message to show) while another job of the workspace is under way.
 */
export async function startSelectionJob(
  workspaceId: string,
  operation: SelectionOperation,
  groups: readonly RegistryEntry[],
): Promise<Result<{ total: number }>> {
  return sendMessage(startSelectionJobMessage, {
    workspaceId,
    operation,
    groups: groups.map((group) => ({
      name: group.name,
      userGroupId: group.provided_id,
      environment: group.environment,
    })),
  });
}
