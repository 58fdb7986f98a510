import type { Workspace } from './workspace-index-schema';
import { devConnectionDefaults } from '../connection/dev-defaults';
import type { ConnectionSettings } from '../connection/connection-schema';
import { parseWorkspaceIndex, readWorkspaceIndex, type StoredWorkspaceIndex } from './workspace-index-item';

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
  return asWorkspaces(parseWorkspaceIndex(stored));
}

const asWorkspaces = ({ index, lastUsed }: StoredWorkspaceIndex): StoredWorkspaces | undefined =>
  index && { workspaces: index.workspaces, ...(lastUsed !== undefined && { lastUsed }) };

export async function readStoredWorkspaces(): Promise<StoredWorkspaces | undefined> {
  try {
    return asWorkspaces(await readWorkspaceIndex());
  } catch {
    return undefined;
  }
}

/**
 * Of these workspaces, those that can register a page: their project API has an address (`settings`: each
 * one's stored settings, checked; its secrets are the background's to judge, and a workspace whose are
 * missing says so and leads to its settings). A workspace with only the user group API, or none set up
 * (a fresh install's "Workspace 1"), cannot. A development build's workspaces all work with the sandbox's
 * defaults.
 */
export function canRegisterPages(
  workspaces: readonly Workspace[],
  settings: ReadonlyMap<string, Pick<ConnectionSettings, 'projectApiUrl'>>,
): Workspace[] {
  if (devConnectionDefaults) return [...workspaces];
  return workspaces.filter((workspace) => (settings.get(workspace.id)?.projectApiUrl ?? '') !== '');
}
