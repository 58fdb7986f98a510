import { browser } from 'wxt/browser';
import { connectionSettingsSchema } from '../connection/connection-schema';
import { devConnectionDefaults } from '../connection/dev-defaults';
import { workspaceStorageNames } from './workspace-item-names';
import { scopedName, type KeyScope } from '../workspace-keys';

// Background only: it looks at whether a workspace's credentials are stored (never at their values).

/**
 * Whether a workspace was never used: nothing stored under its keys (WXT's version entries aside), or
 * only a connection without any address. Such a workspace ("Workspace 1" of a fresh install) can
 * neither register a page nor hold a group: a setup file imported meanwhile takes its place, rather
 * than leave it beside the imported one. A development build's workspaces work with the sandbox's
 * defaults without storing anything, so none counts as unused there.
 */
export async function neverUsed(scope: KeyScope): Promise<boolean> {
  if (devConnectionDefaults) return false;
  const names = workspaceStorageNames(scope);
  const [local, session] = await Promise.all([
    browser.storage.local.get(names.local),
    browser.storage.session.get(names.session),
  ]);
  const settingsName = scopedName(scope, 'connectionSettings');
  // The registry's index is derived (the writer rebuilds it, also for an empty registry, when a page asks):
  // it says nothing about use.
  const indexName = scopedName(scope, 'userGroupIndex');
  const holds = (name: string, value: unknown) => {
    if (name.endsWith('$') || name === indexName || value === undefined || value === null) return false;
    if (name !== settingsName) return true;
    const settings = connectionSettingsSchema.safeParse(value);
    return !settings.success || settings.data.projectApiUrl !== '' || settings.data.userGroupBaseUrl !== '';
  };
  return (
    !Object.entries(local).some(([name, value]) => holds(name, value)) &&
    !Object.entries(session).some(([name, value]) => holds(name, value))
  );
}
