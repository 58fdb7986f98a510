import { create } from 'zustand';
import { sendMessage } from '../messaging/client';
import { listWorkspaces } from '../messaging/messages/workspace-messages';
import { chooseWorkspace, type Workspace } from '../storage/workspaces/workspace-index-schema';
import { takeEarlyWorkspaces } from '../storage/options-early-reads';
import { watchWorkspaceIndex } from '../storage/workspaces/workspace-index-item';
import {
  parseStoredWorkspaces,
  readStoredWorkspaces,
  type StoredWorkspaces,
} from '../storage/workspaces/workspace-source';
import { messageText } from '../message-ref';
import { WORKSPACE_PARAM } from '../url/section-routes';

interface WorkspaceState {
  workspaces: Workspace[];
  lastUsed?: string;
  /** The workspace this page shows and edits (not necessarily the last used one: that is the popup's). */
  activeId?: string;
  /** Raised when the shown workspace's data was replaced wholesale (cleared): its stores and sections start again. */
  generation: number;
  loadError?: string;
  /** Added by the user on this page: its name field takes focus, ready to be typed over. */
  justAddedId?: string;
}

export const useWorkspaceStore = create<WorkspaceState>(() => ({ workspaces: [], generation: 0 }));

function linkedWorkspace(): string | null {
  return new URLSearchParams(location.search).get(WORKSPACE_PARAM);
}

/** Puts the shown workspace in the address (the hash, a section of the page, stays). */
function linkTo(workspaceId: string): void {
  const url = new URL(location.href);
  url.searchParams.set(WORKSPACE_PARAM, workspaceId);
  history.replaceState(history.state, '', url);
}

/** Shows a workspace the user chose, and keeps the choice in the address for a reload. */
export function selectWorkspace(workspaceId: string): void {
  linkTo(workspaceId);
  useWorkspaceStore.setState({ activeId: workspaceId });
}

/**
 * Shows a workspace the background has just added: listed at once, before its list arrives through
 * storage, so that the page never shows a workspace it does not list.
 */
export function showAddedWorkspace(workspace: Workspace): void {
  useWorkspaceStore.setState((state) => ({
    justAddedId: workspace.id,
    workspaces: state.workspaces.some(({ id }) => id === workspace.id)
      ? state.workspaces
      : [...state.workspaces, workspace],
  }));
  selectWorkspace(workspace.id);
}

/** Starts the shown workspace's stores and sections again (after it was cleared). */
export function reloadWorkspace(): void {
  useWorkspaceStore.setState((state) => ({ generation: state.generation + 1 }));
}

function show(stored: StoredWorkspaces) {
  const { activeId } = useWorkspaceStore.getState();
  // The one shown stays while it exists; else the linked one, else the last used, else the first.
  const linked = linkedWorkspace();
  const active = chooseWorkspace(stored.workspaces, activeId, linked, stored.lastUsed).id;
  // An address without a workspace stays so (it shows the last used one); one naming another is corrected.
  if (linked !== null && linked !== active) linkTo(active);
  useWorkspaceStore.setState({
    workspaces: stored.workspaces,
    lastUsed: stored.lastUsed,
    activeId: active,
    loadError: undefined,
  });
}

/**
 * The list in storage; when there is none yet (an upgrade running), the background's answer once it is
 * done. The page's first load takes the read its first chunk started (lib/storage/options-early-reads.ts).
 */
async function load(): Promise<void> {
  const early = await takeEarlyWorkspaces();
  const stored = (early && parseStoredWorkspaces(early)) ?? (await readStoredWorkspaces());
  if (stored) return show(stored);
  const answer = await sendMessage(listWorkspaces, {});
  if (answer.ok) show(answer.value);
  else useWorkspaceStore.setState({ loadError: messageText(answer.error.message) });
}

/** Loads the workspaces and follows every change (another tab adds, renames or deletes one). */
export function startWorkspaceStore(): () => void {
  void load();
  return watchWorkspaceIndex(() => void load());
}
