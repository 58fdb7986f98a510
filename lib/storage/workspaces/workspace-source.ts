import { browser } from 'wxt/browser';
import { workspaceIndexSchema, type Workspace } from './workspace-index-schema';
import { LAST_USED_WORKSPACE_KEY, WORKSPACE_INDEX_KEY } from '../workspace-keys';

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
