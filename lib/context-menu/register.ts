import { browser, type Browser } from 'wxt/browser';
import { targetOfClick, type MenuClickInfo } from './handle-click';
import { createMenuItems } from './menu-items';
import { openRegistrationForm, type FormTarget } from './open-form';

function logFailure(what: string, error: unknown) {
  console.error(`Review Companion: ${what} failed (${error instanceof Error ? error.name : 'unknown'}).`);
}

/** A menu click: opens the registration form for what was clicked. Never throws. */
export async function handleMenuClick(
  info: MenuClickInfo,
  tab: Browser.tabs.Tab | undefined,
  open: (target: FormTarget) => Promise<unknown> = openRegistrationForm,
): Promise<void> {
  const target = targetOfClick(info, tab);
  if (!target) return;
  try {
    await open(target);
  } catch (error) {
    logFailure('opening the registration form', error);
  }
}

/**
 * Call synchronously from defineBackground: the items are created on install and update (the browser
 * keeps them), and the click listener exists before the event that woke the worker is delivered.
 */
export function registerContextMenu(open?: (target: FormTarget) => Promise<unknown>): void {
  browser.runtime.onInstalled.addListener(() => {
    createMenuItems().catch((error: unknown) => logFailure('creating the context menu', error));
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    void handleMenuClick(info, tab, open);
  });
}
