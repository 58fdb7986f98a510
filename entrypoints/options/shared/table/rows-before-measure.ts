/**
 * How many of the list's first rows its first render draws before the list's place in the page is
 * measured, so that the page's first screen needs no layout of its own (reading where the list is, or the
 * window's scroll offset, makes the browser lay out the page in the middle of React's work: 7–12 ms in
 * the task that drew the first rows, trace of 2026-11-26).
 *
 * With the page at its top, the list starts at or below the window's top edge, so every row that can
 * be in view is among the first `ceil(window height / row height)`: those are drawn, and the list is
 * measured once the browser has laid the page out (a ResizeObserver's first call); the render that
 * drops the rows below the window follows the paint. A page already scrolled could show any rows: none
 * are guessed (0), the list is measured first.
 */
export function rowsBeforeMeasure(count: number, windowHeight: number, scrollY: number, rowHeight: number): number {
  if (scrollY !== 0 || windowHeight <= 0 || rowHeight <= 0) return 0;
  return Math.min(count, Math.ceil(windowHeight / rowHeight));
}
