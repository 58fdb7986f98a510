import { browser, type Browser } from 'wxt/browser';

// The optional `tabs` permission is lent, never kept (design.md §12): only Register N selected tabs asks
// for it, in its click, to read the addresses and titles of the selected tabs. The popup gives it back
// as soon as it has read them; the background gives it back too, half a minute after any grant, should
// the popup have closed before it could (the browser's prompt may close it). What was held before the
// click (granted earlier, or required by a dev or e2e build) is kept: it raises no grant.

const TABS: Browser.permissions.Permissions = { permissions: ['tabs'] };

/** The alarm that gives `tabs` back after a grant. */
const GIVE_BACK_TABS_ALARM = 'giveBackTabs';
/** Time enough for the popup to read the tabs first (the shortest delay Chrome's alarms allow). */
const GIVE_BACK_AFTER_MINUTES = 0.5;

/** Gives `tabs` back; a refusal (a build whose manifest requires it) leaves it. */
export async function giveBackTabs(): Promise<void> {
  try {
    await browser.permissions.remove(TABS);
  } catch {
    // required by the manifest, or already gone
  }
}

/**
 * The selected (highlighted) tabs of the current window, read in the click that was granted `tabs`;
 * then `tabs` given back unless it was held before the click (`heldBefore` undefined: not known in
 * time, so kept).
 */
export async function readSelectedTabs(heldBefore: boolean | undefined): Promise<Browser.tabs.Tab[]> {
  try {
    return await browser.tabs.query({ highlighted: true, currentWindow: true });
  } finally {
    if (heldBefore === false) await giveBackTabs();
  }
}

/**
 * The background's side, registered at the worker's start: every grant of `tabs` sets an alarm (which
 * outlives the worker) that gives it back.
 */
export function giveBackTabsAfterGrants(): void {
  browser.permissions.onAdded.addListener((granted) => {
    if (granted.permissions?.includes('tabs'))
      void browser.alarms.create(GIVE_BACK_TABS_ALARM, { delayInMinutes: GIVE_BACK_AFTER_MINUTES });
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === GIVE_BACK_TABS_ALARM) void giveBackTabs();
  });
}
