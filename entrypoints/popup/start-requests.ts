import { POPUP_VIEW_MESSAGE, sendEarly, type EarlyAnswer } from '@/lib/messaging/early-request';
import { requestTargetTab, type TabSeen } from '@/lib/tabs/target-tab-request';

/** What the popup asked for before its UI loaded, for popup-state.ts to validate and use. */
export interface StartedRequests {
  search: string;
  /** The answer to getPopupView (lib/messaging/messages/popup-messages.ts), not yet validated. */
  view: EarlyAnswer;
  /** The tab to register; undefined when the popup was opened for a link (`?url=`), which needs no tab. */
  tab: Promise<TabSeen | undefined> | undefined;
}

/** Starts the popup's two requests at once: the tab, and the workspaces, status and history in one message. */
export function startPopupRequests(search: string): StartedRequests {
  return {
    search,
    view: sendEarly(POPUP_VIEW_MESSAGE, {}),
    tab: new URLSearchParams(search).has('url') ? undefined : requestTargetTab(search).catch(() => undefined),
  };
}
