import { startBulkCreateStore } from './bulk-create-store';
import { startConnectionStore } from './connection-store';
import { startProjectHistoryStore } from './project-history-store';
import { startRegisterPagesStore } from './register-pages-store';
import { startUserGroupStore } from './user-group-store';
import { useWorkspaceStore } from './workspace-store';

/**
 * The stores of the workspace the options page shows: started for it, and when the page switches,
 * stopped (their watchers removed) and started again for the new one. Only that workspace's data is
 * ever read.
 */
export function followActiveWorkspace(): () => void {
  let shown: string | undefined;
  let stopAll = () => {};
  const follow = ({ activeId, generation }: { activeId?: string; generation: number }) => {
    const key = activeId && `${activeId}:${generation}`;
    if (key === shown) return;
    stopAll();
    stopAll = () => {};
    shown = key;
    if (activeId === undefined) return;
    // The registry's first: its index and first rows are the page's longest way to a first screen, so
    // their reads go ahead of the others' in the browser's storage queue.
    const stops = [
      startUserGroupStore(activeId),
      startConnectionStore(activeId),
      startProjectHistoryStore(activeId),
      startBulkCreateStore(activeId),
      startRegisterPagesStore(activeId),
    ];
    stopAll = () => stops.forEach((stop) => stop());
  };
  follow(useWorkspaceStore.getState());
  const unsubscribe = useWorkspaceStore.subscribe(follow);
  return () => {
    unsubscribe();
    stopAll();
  };
}
