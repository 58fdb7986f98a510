import { browser } from 'wxt/browser';
import { scopedName, WORKSPACE_ID_PATTERN, workspaceScope } from '../workspace-keys';
import { isCurrentView, LOCK_OPEN_KEY, POPUP_TEXTS_KEY, POPUP_VIEW_KEY } from './popup-view-keys';

// The popup's first reads, started by its first chunk (entrypoints/popup/start-requests.ts) before zod is
// set up: the stored view and its texts with the lock's open flag, then the history of the workspace the view
// opens on (for the duplicate check, which the view's few recent projects cannot answer). No zod here:
// what comes back is kept as it came and checked where it is used (popup-view-item.ts, history-source.ts).

export interface EarlyPopupReads {
  /** The stored view, its texts and `session:lockOpen`, as stored (undefined where a read failed). */
  start: Promise<{ view: unknown; texts: unknown; lockOpen: unknown }>;
  /** The history of the workspace the stored view opens on, as stored; undefined without a view. */
  history: Promise<{ workspaceId: string; stored: unknown } | undefined>;
}

const valuesOf = (area: 'local' | 'session', names: string[]): Promise<Record<string, unknown>> =>
  browser.storage[area].get(names).then(
    (stored: Record<string, unknown>) => stored,
    () => ({}),
  );

const valueOf = (area: 'local' | 'session', name: string): Promise<unknown> =>
  valuesOf(area, [name]).then((stored) => stored[name]);

export function startPopupReads(): EarlyPopupReads {
  // The view and its texts in one read.
  const local = valuesOf('local', [POPUP_VIEW_KEY, POPUP_TEXTS_KEY]);
  const lockOpen = valueOf('session', LOCK_OPEN_KEY);
  const history = local.then(async ({ [POPUP_VIEW_KEY]: stored }) => {
    const workspaceId = (stored as { workspaceId?: unknown } | null | undefined)?.workspaceId;
    if (!isCurrentView(stored) || typeof workspaceId !== 'string' || !WORKSPACE_ID_PATTERN.test(workspaceId))
      return undefined;
    return { workspaceId, stored: await valueOf('local', scopedName(workspaceScope(workspaceId), 'projectHistory')) };
  });
  return {
    start: Promise.all([local, lockOpen]).then(([stored, open]) => ({
      view: stored[POPUP_VIEW_KEY],
      texts: stored[POPUP_TEXTS_KEY],
      lockOpen: open,
    })),
    history,
  };
}
