import { create } from 'zustand';
import type { ConnectionStatus } from '../connection/connection-status';
import { sendMessage } from '../messaging/client';
import { getConnectionStatus } from '@/lib/messaging/messages/connection-messages';
import type { AppError } from '../result';
import { connectionSettingsItem } from '../storage/connection-settings-item';
import { storageNoticesItem } from '../storage/notices-item';

interface ConnectionState {
  status?: ConnectionStatus;
  loadError?: AppError;
  refresh: () => Promise<void>;
  setStatus: (status: ConnectionStatus) => void;
}

/** The options page's view of the connection: masked, fetched from the background, never the secrets. */
export const useConnectionStore = create<ConnectionState>((set) => ({
  async refresh() {
    const result = await sendMessage(getConnectionStatus, {});
    if (result.ok) set({ status: result.value, loadError: undefined });
    else set({ loadError: result.error });
  },
  setStatus(status) {
    set({ status, loadError: undefined });
  },
}));

/**
 * Loads the status and follows changes made elsewhere (another options tab). Only items that hold no
 * secret are watched: watching the credentials would bring them into this page.
 */
export function startConnectionStore(): () => void {
  const { refresh } = useConnectionStore.getState();
  void refresh();
  const stopSettings = connectionSettingsItem.watch(() => void refresh());
  const stopNotices = storageNoticesItem.watch(() => void refresh());
  return () => {
    stopSettings();
    stopNotices();
  };
}
