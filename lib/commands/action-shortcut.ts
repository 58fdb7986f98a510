import { browser } from 'wxt/browser';

/** The manifest command that opens the popup (`_execute_browser_action` in Firefox MV2 builds). */
const OPEN_POPUP_COMMANDS = new Set(['_execute_action', '_execute_browser_action']);

/**
 * The shortcut that opens the popup, as the browser shows it ("Alt+Shift+R", "⌥⇧R"), or undefined
 * when none is assigned (the user removed it, or another extension had it first) or the browser
 * cannot tell.
 */
export async function readActionShortcut(): Promise<string | undefined> {
  try {
    const commands = await browser.commands.getAll();
    const shortcut = commands.find((command) => command.name && OPEN_POPUP_COMMANDS.has(command.name))?.shortcut;
    return shortcut?.trim() || undefined;
  } catch {
    return undefined;
  }
}
