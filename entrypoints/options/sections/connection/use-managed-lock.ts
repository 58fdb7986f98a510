import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { MANAGED_POLICY_KEY, parsePolicyStatus } from '@/lib/storage/policy-status';
import { isLocked } from '@/lib/workspaces/managed-workspaces';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';

type Field = 'userGroupBaseUrl' | 'projectApiUrl' | 'apiToken' | 'apiKey' | 'authToken';

/**
 * Which connection fields of `workspace` the organisation locks: while `lockWorkspaces` is true, its
 * addresses and the secrets the policy sets; a secret the policy leaves out stays for the user to type.
 */
export function useManagedLock(workspace: Workspace): {
  locked: boolean;
  readOnly: (field: Field) => boolean;
  canSave: boolean;
} {
  const locked = isLocked(workspace);
  const [fixed, setFixed] = useState<readonly string[]>([]);
  useEffect(() => {
    if (!locked) return;
    const load = () =>
      void browser.storage.local
        .get(MANAGED_POLICY_KEY)
        .then((stored) =>
          setFixed(parsePolicyStatus(stored).fixed?.[workspace.id] ?? ['apiKey', 'authToken', 'apiToken']),
        );
    load();
    const onChange = (changes: Record<string, unknown>) => MANAGED_POLICY_KEY in changes && load();
    browser.storage.onChanged.addListener(onChange);
    return () => browser.storage.onChanged.removeListener(onChange);
  }, [locked, workspace.id]);
  const readOnly = (field: Field) =>
    locked && (field === 'userGroupBaseUrl' || field === 'projectApiUrl' || fixed.includes(field));
  return { locked, readOnly, canSave: !locked || fixed.length < 3 };
}
