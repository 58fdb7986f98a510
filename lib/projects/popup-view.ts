import { ok, type Result } from '../result';
import type { ConnectionStatus } from '../connection/connection-status';
import type { StoredHistory } from '../storage/history/history-source';
import { chooseWorkspace, type Workspace } from '../storage/workspaces/workspace-index-schema';
import { withProjectApi } from '../storage/workspaces/workspace-source';
import { WORKSPACE_INDEX_KEY } from '../storage/workspace-keys';
import { createWatchedCache } from '../storage/watched-cache';
import type { WorkspaceIndexStore } from '../workspaces/workspace-index-store';

/** What the popup shows at its opening, in one answer: never a registry, never a secret. */
export interface PopupView {
  /** The workspaces the picker offers: those that can register a page (the picker shows with two or more). */
  workspaces: Workspace[];
  /** The one shown: the one asked for if offered, else the last used one, else the first offered. */
  workspaceId: string;
  status: Result<ConnectionStatus>;
  history: StoredHistory;
}

export interface PopupViewDeps {
  index: Pick<WorkspaceIndexStore, 'read'>;
  /** A listed workspace's status and history, each kept warm by that workspace's services. */
  statusOf: (workspaceId: string) => Promise<Result<ConnectionStatus>>;
  historyOf: (workspaceId: string) => Promise<StoredHistory>;
}

/**
 * The popup's one request: the list of workspaces, the one to show, its connection status and its
 * history, answered from what the background holds (the index, the statuses and histories are kept in
 * memory until storage changes), so that an opening costs one message and no storage read. Which
 * workspaces can register a page is read in one storage call, then kept until a workspace's settings
 * or the list change: with 20 workspaces the answer costs what it costs with one.
 */
export function createPopupView({ index, statusOf, historyOf }: PopupViewDeps) {
  const registrable = createWatchedCache(async () => withProjectApi((await index.read()).index.workspaces), {
    affectedBy: (key, area) => area === 'local' && (key === WORKSPACE_INDEX_KEY || key.endsWith('.connectionSettings')),
  });

  return async (requested?: string): Promise<Result<PopupView>> => {
    const { index: current, lastUsed } = await index.read();
    const listed = new Set(current.workspaces.map((workspace) => workspace.id));
    // The kept list is read again should it name a workspace that is no longer listed.
    let offered = await registrable.get();
    if (offered.some((workspace) => !listed.has(workspace.id))) {
      registrable.forget();
      offered = await registrable.get();
    }
    // With none that can register a page, the last used one explains itself (its status says what is missing).
    const workspaces = offered.length > 0 ? offered : [chooseWorkspace(current.workspaces, lastUsed)];
    const shown = chooseWorkspace(workspaces, requested, lastUsed);
    const [status, history] = await Promise.all([statusOf(shown.id), historyOf(shown.id)]);
    return ok({ workspaces, workspaceId: shown.id, status, history });
  };
}
