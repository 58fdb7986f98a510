import { POPUP_VIEW_MESSAGE, sendEarly, type EarlyAnswer } from '@/lib/messaging/early-request';
import { startPopupReads, type EarlyPopupReads } from '@/lib/storage/popup-view/popup-early-reads';
import { isCurrentView } from '@/lib/storage/popup-view/popup-view-keys';
import { requestTargetTab, type TabSeen } from '@/lib/tabs/target-tab-request';

/** What the popup asked for before its UI loaded, for popup-state.ts to validate and use. */
export interface StartedRequests {
  search: string;
  /** The stored view, the lock's open flag and the shown workspace's history, as stored (not yet checked). */
  reads: EarlyPopupReads;
  /** getPopupView, sent at once when no view of this version is stored (a first opening, an update). */
  asked: Promise<{ sent: EarlyAnswer } | undefined>;
  /** The tab to register; undefined when the popup was opened for a link (`?url=`), which needs no tab. */
  tab: Promise<TabSeen | undefined> | undefined;
}

/**
 * Starts the popup's reads at once: the tab, and the first screen from storage (design.md §15), which no
 * stopped worker holds up. The background is asked only when storage holds no view of this version.
 */
export function startPopupRequests(search: string): StartedRequests {
  const reads = startPopupReads();
  const tab = new URLSearchParams(search).has('url') ? undefined : requestTargetTab(search).catch(() => undefined);
  // The time each path took, for the benchmark's split (test/bench/run.ts): the tab, the stored view.
  void tab?.then(() => performance.mark('popup-tab'));
  return {
    search,
    reads,
    asked: reads.start.then(({ view }) => {
      performance.mark('popup-view');
      return isCurrentView(view) ? undefined : { sent: sendEarly(POPUP_VIEW_MESSAGE, {}) };
    }),
    tab,
  };
}
