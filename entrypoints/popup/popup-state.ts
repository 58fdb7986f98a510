import { readAnswer, sendMessage } from '@/lib/messaging/client';
import { getPopupView } from '@/lib/messaging/messages/popup-messages';
import type { StoredHistory } from '@/lib/storage/history/history-source';
import type { Result } from '@/lib/result';
import type { ConnectionStatus } from '@/lib/connection/connection-status';
import { readTargetPage, type TargetPage } from '@/lib/tabs/read-target-tab';
import type { Workspace } from '@/lib/storage/workspaces/workspace-index-schema';
import type { StartedRequests } from './start-requests';

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

const NO_HISTORY: StoredHistory = { entries: [], unreadable: false };

type ViewAnswer = Awaited<ReturnType<typeof sendMessage<typeof getPopupView>>>;

/** The answer as the popup keeps it: a failure of the whole request shows as the workspace's status. */
function viewOf(answer: ViewAnswer): Omit<PopupState, 'page'> {
  return answer.ok ? answer.value : { workspaces: [], workspaceId: '', status: answer, history: NO_HISTORY };
}

/** Another workspace (the picker, or the same one again after unlocking): its status and history, in one message. */
export async function loadWorkspaceView(workspaceId: string): Promise<WorkspaceView> {
  const view = viewOf(await sendMessage(getPopupView, { preferWorkspace: workspaceId }));
  // The background names the workspace it answered for (another one if this one is no longer offered).
  return { workspaceId: view.workspaceId || workspaceId, status: view.status, history: view.history };
}

/**
 * Everything the popup needs before the form exists, from the requests main.ts started: the page (its
 * tab, or the link it was opened for), and in one answer of the background the workspaces it offers,
 * the one shown (the last used: the context menu and the shortcut open the popup, so they act in it
 * too), its status and its history, validated here with the message's schema.
 */
export async function loadPopupState(started: StartedRequests): Promise<PopupState> {
  const [answer, page] = await Promise.all([
    readAnswer(getPopupView, started.view),
    readTargetPage(started.search, started.tab),
  ]);
  return { ...viewOf(answer), page };
}
