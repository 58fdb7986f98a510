import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { findMissingAccess } from '@/lib/connection/host-access';
import {
  addressesOf,
  connectionSettingsItemFor,
  readConnectionSettingsOf,
} from '@/lib/storage/connection/connection-settings-item';
import {
  EMPTY_POLICY_STATUS,
  readPolicyStatus,
  storedPolicyStatus,
  type PolicyStatus,
} from '@/lib/storage/policy-status';
import { watchItem } from '@/lib/storage/watch-item';
import { isManaged } from '@/lib/workspaces/managed-workspaces';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { workspaceScope } from '@/lib/storage/workspace-keys';

/**
 * What the background last read from the organisation policy (its problems), and the host access the
 * managed workspaces still lack; both followed as storage and permissions change.
 */
export function usePolicyStatus(workspaces: readonly Workspace[]): { status: PolicyStatus; missing: string[] } {
  const [status, setStatus] = useState<PolicyStatus>(EMPTY_POLICY_STATUS);
  const [missing, setMissing] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    // The managed workspaces' addresses come from their stored settings (which hold no secret).
    const managed = workspaces.filter(isManaged).map((workspace) => workspace.id);
    const load = async () => {
      const [policy, settings] = await Promise.all([readPolicyStatus(), readConnectionSettingsOf(managed)]);
      const lacking = await findMissingAccess(addressesOf(settings));
      if (!live) return;
      setStatus(policy);
      setMissing(lacking);
    };
    const reload = () => void load().catch(() => undefined);
    reload();
    const stops = [
      storedPolicyStatus.watch(reload),
      ...managed.map((id) => watchItem(connectionSettingsItemFor(workspaceScope(id)), reload)),
    ];
    browser.permissions.onAdded.addListener(reload);
    browser.permissions.onRemoved.addListener(reload);
    return () => {
      live = false;
      stops.forEach((stop) => stop());
      browser.permissions.onAdded.removeListener(reload);
      browser.permissions.onRemoved.removeListener(reload);
    };
  }, [workspaces]);
  return { status, missing };
}
