import { watchKeys } from '../watch-item';
import { LAST_USED_WORKSPACE_KEY, workspaceScope } from '../workspace-keys';
import { projectHistoryName } from './history-source';

const ANY_HISTORY = /^ws\.[^.]+\.projectHistory$/;

/**
 * Calls back when the pages registered in the last used workspace may have changed: the last used
 * workspace changed, or the history of `shown()` did (while it returns undefined, any workspace's
 * history). Returns the unsubscribe.
 */
export function watchLastUsedHistory(shown: () => string | undefined, callback: () => void): () => void {
  return watchKeys((key, area) => {
    if (area !== 'local') return false;
    const workspaceId = shown();
    return (
      key === LAST_USED_WORKSPACE_KEY ||
      (workspaceId === undefined ? ANY_HISTORY.test(key) : key === projectHistoryName(workspaceScope(workspaceId)))
    );
  }, callback);
}
