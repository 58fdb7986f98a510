import { sendMessage } from '@/lib/messaging/client';
import { getConnectionStatus } from '@/lib/messaging/messages/connection-messages';
import { listWorkspaces } from '@/lib/messaging/messages/workspace-messages';
import { readStoredHistory, type StoredHistory } from '@/lib/storage/history/history-source';
import type { Result } from '@/lib/result';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { readTargetPage, type TargetPage } from '@/lib/tabs/read-target-tab';
import { chooseWorkspace, type Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import { workspaceScope } from '@/lib/storage/workspace-keys';
import { readStoredWorkspaces, withProjectApi } from '@/lib/storage/workspaces/workspace-source';

/** What the popup shows for one workspace: never its registry, only its status and its history. */
export interface WorkspaceView {
  workspaceId: string;
  status: Result<ConnectionStatus>;
  history: StoredHistory;
}

export interface PopupState extends WorkspaceView {
  /** The workspaces the picker offers: those that can register a page (the picker shows with two or more). */
  workspaces: Workspace[];
  page: TargetPage;
}

/** A workspace's status (from the background) and history (from storage), read side by side. */
export async function loadWorkspaceView(workspaceId: string): Promise<WorkspaceView> {
  const [status, history] = await Promise.all([
    sendMessage(getConnectionStatus, { workspaceId }),
    readStoredHistory(workspaceScope(workspaceId)),
  ]);
  return { workspaceId, status, history };
}

/**
 * Everything the popup needs before the form exists: the page (read at once), the last used workspace
 * (the context menu and the shortcut open the popup, so they act in it too), its status and history.
 */
export async function loadPopupState(search: string): Promise<PopupState> {
  const page = readTargetPage(search);
  // The list in storage, or (first start, the upgrade running) the background's once it is done.
  const stored = (await readStoredWorkspaces()) ?? (await sendMessage(listWorkspaces, {}));
  if ('ok' in stored && !stored.ok)
    return {
      workspaces: [],
      workspaceId: '',
      status: stored,
      history: { entries: [], unreadable: false },
      page: await page,
    };
  const { workspaces: all, lastUsed } = 'ok' in stored ? stored.value : stored;
  // The picker offers only workspaces that can register a page; with none, the last used one explains itself.
  const registrable = await withProjectApi(all);
  const workspaces = registrable.length > 0 ? registrable : [chooseWorkspace(all, lastUsed)];
  const workspace = chooseWorkspace(workspaces, lastUsed);
  const [view, target] = await Promise.all([loadWorkspaceView(workspace.id), page]);
  return { ...view, workspaces, page: target };
}
