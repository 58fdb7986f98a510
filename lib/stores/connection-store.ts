import { watchItem } from '../storage/watch-item';
import { browser } from 'wxt/browser';
import { create } from 'zustand';
import type { ConnectionStatus } from '../connection/connection-status';
import { sendMessage } from '../messaging/client';
import { getConnectionStatus } from '../messaging/messages/connection-messages';
import type { AppError } from '../result';
import { connectionSettingsItemFor } from '../storage/connection/connection-settings-item';
import { storageNoticesItem } from '../storage/notices-item';
import { apiHealthSchema, type ApiHealth } from '../storage/api-health';
import { scopedName, workspaceScope } from '../storage/workspace-keys';

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

const healthOf = (value: unknown): ApiHealth => {
  const parsed = apiHealthSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
};

/**
 * Loads a workspace's status and follows changes made elsewhere (another options tab, the background's
 * record of each call). Only items that hold no secret are watched: watching the credentials would
 * bring them into this page.
 */
export function startConnectionStore(workspaceId: string): () => void {
  const scope = workspaceScope(workspaceId);
  const healthName = scopedName(scope, 'apiHealth');
  // Saved on its own when only it changes (the settings written again with it may raise no change).
  const linkName = scopedName(scope, 'projectLink');
  useConnectionStore.setState({ workspaceId, status: undefined, loadError: undefined, health: {} });
  const { refresh } = useConnectionStore.getState();
  void refresh();
  let stopped = false;
  void browser.storage.local.get(healthName).then((stored) => {
    if (!stopped) useConnectionStore.setState({ health: healthOf(stored[healthName]) });
  });
  const onStored = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local') return;
    if (healthName in changes) useConnectionStore.setState({ health: healthOf(changes[healthName]!.newValue) });
    if (linkName in changes) void refresh();
  };
  browser.storage.onChanged.addListener(onStored);
  const stopSettings = watchItem(connectionSettingsItemFor(scope), () => void refresh());
  const stopNotices = watchItem(storageNoticesItem, () => void refresh());
  return () => {
    stopped = true;
    browser.storage.onChanged.removeListener(onStored);
    stopSettings();
    stopNotices();
  };
}
