import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { clampCell, moveInGrid, type GridCell, type GridShape } from './grid-keys';
import { ROW_CONTROLS } from './UserGroupRow';

/** Controls per data row: Select, Show token, Copy token, Actions. The header has Select all. */
const SHAPE = { cols: 4, headerCols: 1 } as const;

function controlAt(grid: HTMLElement | null, cell: GridCell): HTMLElement | undefined {
  const row = grid?.querySelector(`[data-row="${cell.row}"]`);
  return row?.querySelectorAll<HTMLElement>(ROW_CONTROLS)[cell.col];
}

function cellOf(target: HTMLElement): GridCell | undefined {
  const row = target.closest<HTMLElement>('[data-row]');
  if (!row) return undefined;
  const col = [...row.querySelectorAll(ROW_CONTROLS)].indexOf(target);
  return col < 0 ? undefined : { row: Number(row.dataset.row), col };
}

/**
 * The grid's one tab stop (roving focus, WAI-ARIA APG grid): keys move it (moveInGrid), the row it
 * moves to is scrolled into view first (`scrollToRow`), a click moves it too. When the focused row goes
 * (a delete), focus moves to the row now at its place, never staying on a vanished element.
 * Rows carry `data-row` (the header -1); their controls are found with ROW_CONTROLS.
 */
export function useGridKeys(rows: number, pageSize: number, scrollToRow: (row: number) => void) {
  const [active, setActive] = useState<GridCell>({ row: 0, col: 0 });
  const grid = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef(false);
  const hasFocus = useRef(false);
  const shape: GridShape = { ...SHAPE, rows, pageSize };
  const cell = clampCell(active, shape);

  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    controlAt(grid.current, cell)?.focus({ preventScroll: true });
  });

  // The focused row is gone (deleted, or filtered out): the row now at its place takes focus.
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (hasFocus.current && lost) controlAt(grid.current, cell)?.focus({ preventScroll: true });
    // Only when the rows change.
  }, [rows]);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('[role=menu]') || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = moveInGrid(cell, event.key, shape);
    if (!next) return;
    event.preventDefault();
    if (next.row >= 0) scrollToRow(next.row);
    pendingFocus.current = true;
    setActive(next);
  };

  const onFocus = (event: FocusEvent) => {
    hasFocus.current = true;
    const focused = cellOf(event.target as HTMLElement);
    if (focused && (focused.row !== cell.row || focused.col !== cell.col)) setActive(focused);
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !grid.current?.contains(next)) hasFocus.current = false;
  };

  return { grid, active: cell, gridProps: { onKeyDown, onFocus, onBlur } };
}
