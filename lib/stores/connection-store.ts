import { watchItem } from '../storage/watch-item';
import { create } from 'zustand';
import type { ConnectionStatus } from '../connection/connection-status';
import { sendMessage } from '../messaging/client';
import { getConnectionStatus } from '../messaging/messages/connection-messages';
import type { AppError } from '../result';
import { connectionSettingsItemFor } from '../storage/connection/connection-settings-item';
import { storageNoticesItem } from '../storage/notices-item';
import type { ApiHealth } from '../storage/api-health';
import { readApiHealth, watchApiHealth } from '../storage/api-health-item';
import { projectLinkItemFor } from '../storage/connection/project-link-item';
import { workspaceScope } from '../storage/workspace-keys';

interface ConnectionState {
  /** The workspace the status below belongs to. */
  workspaceId?: string;
  status?: ConnectionStatus;
  loadError?: AppError;
  /** How each API's last call ended (lib/storage/api-health.ts). */
  health: ApiHealth;
  refresh: () => Promise<void>;
  setStatus: (status: ConnectionStatus) => void;
}

/** The options page's view of a workspace's connection: masked, fetched from the background, never the secrets. */
export const useConnectionStore = create<ConnectionState>((set, get) => ({
  health: {},
  async refresh() {
    const { workspaceId } = get();
    if (workspaceId === undefined) return;
    const result = await sendMessage(getConnectionStatus, { workspaceId });
    // An answer for a workspace the page has left since is dropped.
    if (get().workspaceId !== workspaceId) return;
    if (result.ok) set({ status: result.value, loadError: undefined });
    else set({ loadError: result.error });
  },
  setStatus(status) {
    set({ status, loadError: undefined });
  },
}));

/**
 * Loads a workspace's status and follows changes made elsewhere (another options tab, the background's
 * record of each call). Only items that hold no secret are watched: watching the credentials would
 * bring them into this page.
 */
export function startConnectionStore(workspaceId: string): () => void {
  const scope = workspaceScope(workspaceId);
  useConnectionStore.setState({ workspaceId, status: undefined, loadError: undefined, health: {} });
  const { refresh } = useConnectionStore.getState();
  void refresh();
  let stopped = false;
  void readApiHealth(scope).then((health) => {
    if (!stopped) useConnectionStore.setState({ health });
  });
  const stops = [
    watchApiHealth(scope, (health) => useConnectionStore.setState({ health })),
    watchItem(connectionSettingsItemFor(scope), () => void refresh()),
    // Saved on its own when only it changes (the settings written again with it may raise no change).
    watchItem(projectLinkItemFor(scope), () => void refresh()),
    watchItem(storageNoticesItem, () => void refresh()),
  ];
  return () => {
    stopped = true;
    stops.forEach((stop) => stop());
  };
}
