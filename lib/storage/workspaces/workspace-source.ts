import { browser } from 'wxt/browser';
import { workspaceIndexSchema, type Workspace } from './workspace-index-schema';
import { LAST_USED_WORKSPACE_KEY, WORKSPACE_INDEX_KEY, workspaceKey } from '../workspace-keys';
import { connectionSettingsSchema } from '../connection/connection-schema';
import { devConnectionDefaults } from '../connection/dev-defaults';

/**
 * The workspaces as pages read them: straight from `storage.local` in one call, without
 * @wxt-dev/storage (the popup's size budget has no room for it). Only the background writes them.
 */
export interface StoredWorkspaces {
  workspaces: Workspace[];
  lastUsed?: string;
}

/** Undefined when there is no readable index yet (first start, upgrade under way): ask the background. */
export function parseStoredWorkspaces(stored: Record<string, unknown>): StoredWorkspaces | undefined {
  const index = workspaceIndexSchema.safeParse(stored[WORKSPACE_INDEX_KEY]);
  if (!index.success) return undefined;
  const lastUsed = stored[LAST_USED_WORKSPACE_KEY];
  return { workspaces: index.data.workspaces, ...(typeof lastUsed === 'string' && { lastUsed }) };
}

export async function readStoredWorkspaces(): Promise<StoredWorkspaces | undefined> {
  try {
    return parseStoredWorkspaces(await browser.storage.local.get([WORKSPACE_INDEX_KEY, LAST_USED_WORKSPACE_KEY]));
  } catch {
    return undefined;
  }
}

/**
 * Of these workspaces, those that can register a page: their project API has an address (its secrets
 * are the background's to judge; a workspace whose are missing says so and leads to its settings). A
 * workspace with only the user group API, or none set up (a fresh install's "Workspace 1"), cannot.
 * One storage call; a development build's workspaces all work with the sandbox's defaults.
 */
export async function withProjectApi(workspaces: readonly Workspace[]): Promise<Workspace[]> {
  if (devConnectionDefaults) return [...workspaces];
  const keys = workspaces.map((workspace) => workspaceKey(workspace.id, 'connectionSettings'));
  let stored: Record<string, unknown>;
  try {
    stored = await browser.storage.local.get(keys);
  } catch {
    return [...workspaces];
  }
  return workspaces.filter((workspace) => {
    const settings = connectionSettingsSchema.safeParse(stored[workspaceKey(workspace.id, 'connectionSettings')]);
    return settings.success && settings.data.projectApiUrl !== '';
  });
}
