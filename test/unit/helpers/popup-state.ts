import type { PopupState } from '@/entrypoints/popup/popup-state';
import type { HistoryEntry } from '@/lib/storage/history/history-schema';
import { POPUP_VIEW_VERSION } from '@/lib/storage/popup-view/popup-view-keys';

// The popup's state as main.ts hands it to React (entrypoints/popup/popup-state.ts), for its UI tests.

export const RECENT: HistoryEntry = {
  projectId: 'prj_recent',
  projectUrl: 'https://other.example.org/recent',
  projectName: 'Recent page',
  createdAt: '2026-11-28T10:00:00.000Z',
};

/** A popup opened on a page that can be registered, in `ws-1` of `workspaces` (ws-1, ws-2…), set up unless told. */
export function stateFor(
  overrides: {
    url?: string;
    title?: string;
    workspaces?: number;
    workspaceId?: string;
    lockOn?: boolean;
    missing?: string[];
  } = {},
): PopupState {
  const workspaces = Array.from({ length: overrides.workspaces ?? 1 }, (_, index) => ({
    id: `ws-${index + 1}`,
    name: `Workspace ${index + 1}`,
    createdAt: '2026-11-01T00:00:00.000Z',
  }));
  const recent = [RECENT];
  return {
    start: {
      ok: true,
      value: {
        view: {
          version: POPUP_VIEW_VERSION,
          workspaces,
          workspaceId: overrides.workspaceId ?? 'ws-1',
          lockOn: overrides.lockOn ?? false,
          sealed: overrides.lockOn ?? false,
          missing: (overrides.missing ?? []) as never,
          projectLink: 'https://app.example.com/p/{projectId}',
          recent,
        },
        unlocked: false,
      },
    },
    page: {
      url: overrides.url ?? 'https://example.com/new',
      title: overrides.title ?? 'A new page',
      source: 'tab',
    },
    history: {
      shown: { entries: recent, unreadable: false },
      whole: Promise.resolve({ entries: recent, unreadable: false }),
    },
  };
}
