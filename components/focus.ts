/** How long a button may stay disabled (its request running) before focus is no longer given back. */
const GIVE_UP_MS = 60_000;

/** Focus is nowhere the user put it: on <body>, or still on `element` itself. */
function focusIsLost(element: HTMLElement): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === element;
}

/** Calls `settle` whenever `element` is disabled or enabled, until it returns true (or GIVE_UP_MS passes). */
function watchDisabled(element: HTMLElement, settle: () => boolean): void {
  const observer = new MutationObserver(() => {
    if (!settle()) return;
    observer.disconnect();
    clearTimeout(timer);
  });
  observer.observe(element, { attributes: true, attributeFilter: ['disabled'] });
  const timer = setTimeout(() => observer.disconnect(), GIVE_UP_MS);
}

/** Focuses `element` if it can take focus now; true when nothing is left to wait for. */
function focusIfEnabled(element: HTMLElement): boolean {
  if (!element.isConnected) return true; // gone (a deleted row): nothing to go back to
  if (element.matches(':disabled')) return false;
  if (focusIsLost(element)) element.focus();
  return true;
}

/**
 * Gives focus back to `element` (the control that opened a dialog): at once, or, when it is disabled
 * because the action it confirmed is running, as soon as it is enabled again. Focus the user has put
 * elsewhere meanwhile is left where it is.
 */
export function returnFocusTo(element: HTMLElement): void {
  if (!focusIfEnabled(element)) watchDisabled(element, () => focusIfEnabled(element));
}

/**
 * A submit button that is disabled while its request runs loses focus to <body> (Chromium, Firefox),
 * which leaves a keyboard user at the top of the page. Called just before it is disabled: if it has
 * focus, it gets it back once it is enabled again (unless the user has focused something else).
 */
export function keepFocusWhileBusy(button: HTMLElement | null): void {
  if (!button || document.activeElement !== button) return;
  watchDisabled(button, () => focusIfEnabled(button));
}
