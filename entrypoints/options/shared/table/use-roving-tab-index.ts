import { useLayoutEffect, type RefObject } from 'react';

/**
 * Roving focus in one row of a grid: only its active control (`activeCol`; -1 for none) is in the tab
 * order, the grid's one tab stop. `redrawn`: what else re-renders the row's controls.
 */
export function useRovingTabIndex(
  row: RefObject<HTMLElement | null>,
  controls: string | undefined,
  activeCol: number,
  redrawn?: unknown,
): void {
  useLayoutEffect(() => {
    if (!controls) return;
    row.current?.querySelectorAll<HTMLElement>(controls).forEach((control, col) => {
      control.tabIndex = col === activeCol ? 0 : -1;
    });
  }, [row, controls, activeCol, redrawn]);
}
