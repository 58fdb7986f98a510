import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { rowsBeforeMeasure } from './rows-before-measure';
import type { TableBody } from './table-body';

/** A list was drawn already in this page: the next one comes from navigation or a workspace switch. */
let listShownBefore = false;

interface WindowRowsOptions {
  count: number;
  /** Every row's height: fixed, so that the window's scroll offset says which rows are in view. */
  rowHeight: number;
  /** A row drawn whether it is in view or not (the one holding the grid's tab stop); -1: none. */
  keepRow: number;
  /** The sticky bar above the list: a row brought into view goes below it. */
  stickyTop: RefObject<HTMLElement | null>;
  /** How much of the window's bottom is covered (the job panel): a row brought into view stays above it. */
  coveredBelow: number;
}

/** The window's scroller, and what the grid's keys need of it. */
export type WindowRows = TableBody & {
  scrollToRow: (row: number) => void;
  /** Rows that PageUp and PageDown move: a window's worth, less the sticky bar. */
  pageSize: number;
};

/**
 * A table the window scrolls (one scrollbar for the page), rows of one fixed height, only those in view
 * in the DOM. Until the list's place in the page is measured, it draws no rows: the window virtualizer
 * would take the list for the top of the page and draw a window's worth of rows, most of them out of
 * view, only to drop them once the place is known. The list the page opens on (at its top) is the
 * exception: its first render draws the rows that can be in view (rows-before-measure.ts) with the
 * virtualizer off (it reads the window's scroll offset, which lays the page out in the middle of the
 * commit), and it is measured once the browser has laid the page out. Coming from another section, the
 * list is measured in its layout effect, before the first paint, and draws then: there the guess (a few
 * rows more) was measured slower than the layout it saves (first row after navigation, 2026-11-26).
 */
export function useWindowRows({ count, rowHeight, keepRow, stickyTop, coveredBelow }: WindowRowsOptions): WindowRows {
  const list = useRef<HTMLDivElement>(null);
  const [offsets, setOffsets] = useState({ top: 0, sticky: 0, scrollY: 0, measured: false });
  const [drawsBeforeMeasure] = useState(() => {
    const opening = !listShownBefore;
    listShownBefore = true;
    return opening && window.scrollY === 0;
  });
  const guessed = drawsBeforeMeasure ? rowsBeforeMeasure(count, window.innerHeight, 0, rowHeight) : 0;
  const virtualized = offsets.measured || !drawsBeforeMeasure;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (keepRow >= 0 && keepRow < range.count && !indexes.includes(keepRow))
        return [...indexes, keepRow].sort((a, b) => a - b);
      return indexes;
    },
    [keepRow],
  );
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: 4,
    scrollMargin: offsets.top,
    scrollPaddingStart: offsets.sticky + rowHeight,
    scrollPaddingEnd: coveredBelow,
    rangeExtractor,
    enabled: virtualized,
    // The window's size is known now: the first render already has the rows in view (no empty frame).
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // Read with the list's place when it was measured after layout (no layout of its own), else now.
    initialOffset: () => (offsets.measured ? offsets.scrollY : window.scrollY),
  });

  // Where the list starts in the page, and how much of the window the sticky bar covers. With rows
  // drawn before measuring, the observer's first call measures the list (after the browser's layout;
  // its render follows the paint); otherwise at once.
  const measureAfterLayout = useRef(drawsBeforeMeasure);
  useLayoutEffect(() => {
    const measure = () => {
      if (!list.current) return;
      const scrollY = window.scrollY;
      const top = Math.round(list.current.getBoundingClientRect().top + scrollY);
      const sticky = stickyTop.current?.offsetHeight ?? 0;
      setOffsets((current) =>
        current.measured && current.top === top && current.sticky === sticky
          ? current
          : { top, sticky, scrollY, measured: true },
      );
    };
    if (measureAfterLayout.current) measureAfterLayout.current = false;
    else measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list.current?.closest('section') ?? document.body);
    return () => observer.disconnect();
  }, [stickyTop]);

  return {
    ref: list,
    box: false,
    height: virtualized ? virtualizer.getTotalSize() : count * rowHeight,
    items: offsets.measured
      ? virtualizer.getVirtualItems()
      : Array.from({ length: guessed }, (_, index) => ({ index, start: offsets.top + index * rowHeight })),
    offset: offsets.top,
    rowHeight,
    scrollToRow: (row) => virtualizer.scrollToIndex(row, { align: 'auto' }),
    pageSize: Math.max(1, Math.floor((window.innerHeight - offsets.sticky) / rowHeight) - 1),
  };
}
