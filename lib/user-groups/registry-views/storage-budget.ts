import type { MessageRef } from '../../message-ref';
import type { Registry } from '../../storage/registry/registry-schema';
import { localBytesInUse } from '../../storage/storage-usage';
import { workspaceValueNames } from '../../storage/credentials/workspace-item-names';
import type { KeyScope } from '../../storage/workspace-keys';
import { capacityProblem, type Growth } from './registry-capacity';

/**
 * Why storing this growth would take the workspace's keys past its storage budget (a named text that
 * says what is used and by what), or undefined when it fits. Measured before anything is written.
 */
export async function outgrowsBudget(
  scope: KeyScope,
  registry: Registry,
  growth: Growth,
): Promise<MessageRef | undefined> {
  if (growth.bytes <= 0) return undefined;
  const usedBytes = await localBytesInUse(workspaceValueNames(scope));
  return capacityProblem({ usedBytes, storedGroups: registry.groups.length }, growth);
}
