import type { CSSProperties, Ref } from 'react';

/**
 * What a scroller gives the virtualized table (VirtualTable.tsx): the rows to draw and where, inside the
 * element that holds them. Two scrollers: a box of its own (use-box-rows.ts: history, activity) and the
 * window (use-window-rows.ts: the user groups, one scrollbar for the page).
 */
export interface TableBody {
  /** The rows' element: the box that scrolls, or the list whose place in the page is measured. */
  ref: Ref<HTMLDivElement>;
  style?: CSSProperties;
  /** A box scrolls with the keyboard once focused (its rows may hold no control to tab to). */
  box: boolean;
  /** The height of all the rows, drawn or not. */
  height: number;
  /** The rows to draw: their index and their top within the scroller. */
  items: readonly { index: number; start: number }[];
  /** Subtracted from `start` (the window's scroller counts from the page's top, not the list's). */
  offset: number;
  /** Each row's fixed height; undefined when rows are measured as drawn (`measure`). */
  rowHeight?: number;
  measure?: (element: HTMLElement | null) => void;
}

/**
 * The attribute that names a drawn row's index (written `data-row` in VirtualTable.tsx): the virtualizer
 * measures rows by it, the grid's keys find them by it.
 */
export const ROW_INDEX_ATTRIBUTE = 'data-row';
