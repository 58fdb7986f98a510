import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { findMissingAccess } from '@/lib/connection/host-access';
import { connectionSettingsSchema } from '@/lib/storage/connection/connection-schema';
import {
  EMPTY_POLICY_STATUS,
  MANAGED_POLICY_KEY,
  parsePolicyStatus,
  type PolicyStatus,
} from '@/lib/storage/policy-status';
import { isManaged } from '@/lib/workspaces/managed-workspaces';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { workspaceKey } from '@/lib/storage/workspace-keys';

/** The managed workspaces' addresses, from their stored settings (which hold no secret). */
async function managedAddresses(workspaces: readonly Workspace[]): Promise<string[]> {
  const keys = workspaces.filter(isManaged).map((workspace) => workspaceKey(workspace.id, 'connectionSettings'));
  if (keys.length === 0) return [];
  const stored = await browser.storage.local.get(keys);
  return Object.values(stored).flatMap((value) => {
    const settings = connectionSettingsSchema.safeParse(value);
    return settings.success ? [settings.data.projectApiUrl, settings.data.userGroupBaseUrl] : [];
  });
}

/**
 * What the background last read from the organisation policy (its problems), and the host access the
 * managed workspaces still lack; both followed as storage and permissions change.
 */
export function usePolicyStatus(workspaces: readonly Workspace[]): { status: PolicyStatus; missing: string[] } {
  const [status, setStatus] = useState<PolicyStatus>(EMPTY_POLICY_STATUS);
  const [missing, setMissing] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const load = async () => {
      const stored = await browser.storage.local.get(MANAGED_POLICY_KEY);
      const lacking = await findMissingAccess(await managedAddresses(workspaces));
      if (!live) return;
      setStatus(parsePolicyStatus(stored));
      setMissing(lacking);
    };
    const reload = () => void load().catch(() => undefined);
    reload();
    const onStorage = (_changes: unknown, area: string) => {
      if (area === 'local') reload();
    };
    browser.storage.onChanged.addListener(onStorage);
    browser.permissions.onAdded.addListener(reload);
    browser.permissions.onRemoved.addListener(reload);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onStorage);
      browser.permissions.onAdded.removeListener(reload);
      browser.permissions.onRemoved.removeListener(reload);
    };
  }, [workspaces]);
  return { status, missing };
}
