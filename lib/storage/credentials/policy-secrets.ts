import { SECRET_FIELDS } from '../../secrets';
import { readPolicyStatus } from '../policy-status';

type SecretField = (typeof SECRET_FIELDS)[number];

/**
 * The secrets the organisation's policy sets for a workspace (design.md §9, §10): read-only for the
 * user, and kept in this browser (never in a setup file) unless the policy's `allowSecretExport` says
 * otherwise. Read from what the background last applied (`local:managedPolicy`).
 */
export async function policySecrets(workspaceId: string): Promise<{ fixed: SecretField[]; exportAllowed: boolean }> {
  const status = await readPolicyStatus();
  const fixed = status.fixed?.[workspaceId] ?? [];
  return {
    fixed: SECRET_FIELDS.filter((field) => fixed.includes(field)),
    exportAllowed: status.allowSecretExport === true,
  };
}
