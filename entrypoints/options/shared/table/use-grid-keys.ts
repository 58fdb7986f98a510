import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { clampCell, moveInGrid, type GridCell } from './grid-keys';
import { ROW_INDEX_ATTRIBUTE } from './table-body';

/** A grid's shape: controls per data row and in the header row, and how to find a row's controls. */
export interface GridLayout {
  cols: number;
  headerCols: number;
  /** A row's controls, in the order Left/Right move through them. */
  controls: string;
}

/** What the keys need of the grid's scroller: how far PageUp/PageDown go, and how to bring a row into view. */
export interface GridScroller {
  pageSize: number;
  scrollToRow: (row: number) => void;
}

const rowSelector = (row: number) => `[${ROW_INDEX_ATTRIBUTE}="${row}"]`;

function controlAt(grid: HTMLElement | null, cell: GridCell, controls: string): HTMLElement | undefined {
  return grid?.querySelector(rowSelector(cell.row))?.querySelectorAll<HTMLElement>(controls)[cell.col];
}

function cellOf(target: HTMLElement, controls: string): GridCell | undefined {
  const row = target.closest<HTMLElement>(`[${ROW_INDEX_ATTRIBUTE}]`);
  if (!row) return undefined;
  const col = [...row.querySelectorAll(controls)].indexOf(target);
  return col < 0 ? undefined : { row: Number(row.getAttribute(ROW_INDEX_ATTRIBUTE)), col };
}

/**
 * The grid's one tab stop (roving focus, WAI-ARIA APG grid): keys move it (moveInGrid), the row it
 * moves to is scrolled into view first, a click moves it too. When the focused row goes (a delete),
 * focus moves to the row now at its place, never staying on a vanished element. Rows carry their index
 * in ROW_INDEX_ATTRIBUTE (the header -1); their controls are found with `layout.controls`.
 */
export function useGridKeys(rows: number, layout: GridLayout, scroller: RefObject<GridScroller>) {
  const [active, setActive] = useState<GridCell>({ row: 0, col: 0 });
  const grid = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef(false);
  const hasFocus = useRef(false);
  const { controls } = layout;
  const cell = clampCell(active, { ...layout, rows });

  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    controlAt(grid.current, cell, controls)?.focus({ preventScroll: true });
  });

  // The focused row is gone (deleted, or filtered out): the row now at its place takes focus.
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (hasFocus.current && lost) controlAt(grid.current, cell, controls)?.focus({ preventScroll: true });
    // Only when the rows change.
  }, [rows]);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('[role=menu]') || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = moveInGrid(cell, event.key, { ...layout, rows, pageSize: scroller.current.pageSize });
    if (!next) return;
    event.preventDefault();
    if (next.row >= 0) scroller.current.scrollToRow(next.row);
    pendingFocus.current = true;
    setActive(next);
  };

  const onFocus = (event: FocusEvent) => {
    hasFocus.current = true;
    const focused = cellOf(event.target as HTMLElement, controls);
    if (focused && (focused.row !== cell.row || focused.col !== cell.col)) setActive(focused);
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !grid.current?.contains(next)) hasFocus.current = false;
  };

  return { grid, active: cell, gridProps: { onKeyDown, onFocus, onBlur } };
}
