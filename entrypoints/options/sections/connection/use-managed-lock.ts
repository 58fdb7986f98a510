import { useEffect, useState } from 'react';
import { readPolicyStatus, storedPolicyStatus } from '@/lib/storage/policy-status';
import { isLocked, isManaged } from '@/lib/workspaces/managed-workspaces';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import type { FieldName } from './connection-form-state';

const ALL_SECRETS: readonly string[] = ['apiKey', 'authToken', 'apiToken'];

/** What the policy last applied sets in one workspace: the secrets, and whether the project link. */
interface SetByPolicy {
  workspaceId: string;
  secrets: readonly string[];
  projectLink: boolean;
}

/**
 * Which connection fields of `workspace` the organisation sets: while `lockWorkspaces` is true, its
 * addresses and the secrets the policy sets (a secret the policy leaves out stays for the user to type);
 * and, locked or not, a project link the policy sets.
 */
export function useManagedLock(workspace: Workspace): {
  locked: boolean;
  readOnly: (field: FieldName) => boolean;
  canSave: boolean;
} {
  const locked = isLocked(workspace);
  const managed = isManaged(workspace);
  const [policy, setPolicy] = useState<SetByPolicy>();
  useEffect(() => {
    if (!managed) return;
    const load = () =>
      void readPolicyStatus().then((status) => {
        setPolicy({
          workspaceId: workspace.id,
          // Until the policy's record says otherwise, a locked workspace's secrets count as set by it.
          secrets: status.fixed?.[workspace.id] ?? (locked ? ALL_SECRETS : []),
          projectLink: status.projectLinks?.includes(workspace.id) === true,
        });
      });
    load();
    return storedPolicyStatus.watch(load);
  }, [managed, locked, workspace.id]);
  const current = managed && policy?.workspaceId === workspace.id ? policy : undefined;
  const secrets = current?.secrets ?? (locked ? ALL_SECRETS : []);
  const linkSet = current?.projectLink === true;
  const readOnly = (field: FieldName) =>
    field === 'projectLink'
      ? linkSet
      : locked && (field === 'userGroupBaseUrl' || field === 'projectApiUrl' || secrets.includes(field));
  return { locked, readOnly, canSave: !locked || secrets.length < ALL_SECRETS.length || !linkSet };
}
