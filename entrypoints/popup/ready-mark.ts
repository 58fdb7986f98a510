/**
 * Marks the popup ready for the reviewer (the filled form drawn and focused), once per opening: by the
 * first screen drawn before React (first-screen.ts), or by React's form when it draws the first screen
 * itself. The benchmark and a test read the mark (test/bench/page-probes.ts, test/e2e/popup.spec.ts).
 */
export function markPopupReady(): void {
  if (performance.getEntriesByName('popup-ready').length === 0) performance.mark('popup-ready');
}
