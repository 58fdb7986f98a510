import { browser } from 'wxt/browser';
import { scopedName, WORKSPACE_ID_PATTERN, workspaceScope } from '../workspace-keys';
import { isCurrentView, LOCK_OPEN_KEY, POPUP_VIEW_KEY } from './popup-view-keys';

// The popup's first reads, started by its first chunk (entrypoints/popup/start-requests.ts) before React
// and zod load: the stored view with the lock's open flag, then the history of the workspace the view
// opens on (for the duplicate check, which the view's few recent projects cannot answer). No zod here:
// what comes back is kept as it came and checked where it is used (popup-view-item.ts, history-source.ts).

export interface EarlyPopupReads {
  /** The stored view and `session:lockOpen`, as stored (undefined where a read failed). */
  start: Promise<{ view: unknown; lockOpen: unknown }>;
  /** The history of the workspace the stored view opens on, as stored; undefined without a view. */
  history: Promise<{ workspaceId: string; stored: unknown } | undefined>;
}

const valueOf = (area: 'local' | 'session', name: string): Promise<unknown> =>
  browser.storage[area].get(name).then(
    (stored: Record<string, unknown>) => stored[name],
    () => undefined,
  );

export function startPopupReads(): EarlyPopupReads {
  const view = valueOf('local', POPUP_VIEW_KEY);
  const lockOpen = valueOf('session', LOCK_OPEN_KEY);
  const history = view.then(async (stored) => {
    const workspaceId = (stored as { workspaceId?: unknown } | null | undefined)?.workspaceId;
    if (!isCurrentView(stored) || typeof workspaceId !== 'string' || !WORKSPACE_ID_PATTERN.test(workspaceId))
      return undefined;
    return { workspaceId, stored: await valueOf('local', scopedName(workspaceScope(workspaceId), 'projectHistory')) };
  });
  return { start: Promise.all([view, lockOpen]).then(([stored, open]) => ({ view: stored, lockOpen: open })), history };
}
