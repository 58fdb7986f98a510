import { startBulkCreateStore } from './bulk-create-store';
import { startConnectionStore } from './connection-store';
import { startProjectHistoryStore } from './project-history-store';
import { startRegisterPagesStore } from './register-pages-store';
import { startUserGroupStore, useUserGroupStore } from './user-group-store';
import { useWorkspaceStore } from './workspace-store';

/** The longest the other stores wait for the user groups' first screen (a registry read that fails or hangs). */
const FIRST_SCREEN_WAIT_MS = 300;

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
    // The registry's first: its index is the page's way to a first screen. The other stores start once
    // that screen can be drawn (or after FIRST_SCREEN_WAIT_MS), so that their reads do not queue ahead of
    // the index's in the browser's storage and their answers do not render before it.
    const stopGroups = startUserGroupStore(activeId);
    let others: (() => void)[] | undefined;
    let stopWaiting = () => {};
    const startOthers = () => {
      stopWaiting();
      others ??= [
        startConnectionStore(activeId),
        startProjectHistoryStore(activeId),
        startBulkCreateStore(activeId),
        startRegisterPagesStore(activeId),
      ];
    };
    const unsubscribe = useUserGroupStore.subscribe((state) => state.firstScreen && startOthers());
    const timer = setTimeout(startOthers, FIRST_SCREEN_WAIT_MS);
    stopWaiting = () => {
      unsubscribe();
      clearTimeout(timer);
    };
    if (useUserGroupStore.getState().firstScreen) startOthers();
    stopAll = () => {
      stopWaiting();
      stopGroups();
      others?.forEach((stop) => stop());
    };
  };
  follow(useWorkspaceStore.getState());
  const unsubscribe = useWorkspaceStore.subscribe(follow);
  return () => {
    unsubscribe();
    stopAll();
  };
}
