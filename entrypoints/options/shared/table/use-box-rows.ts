import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { ROW_INDEX_ATTRIBUTE, type TableBody } from './table-body';

/**
 * A table that scrolls in a box of its own, up to `maxRows` rows high: only the rows in view are drawn,
 * however long the list is (the activity log's 20,000 entries), each measured as drawn (a cell may wrap).
 */
export function useBoxRows(count: number, { rowHeight, maxRows }: { rowHeight: number; maxRows: number }): TableBody {
  const box = useRef<HTMLDivElement>(null);
  const maxHeight = maxRows * rowHeight;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => box.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    indexAttribute: ROW_INDEX_ATTRIBUTE,
    // The box's size before it is measured: the first render already draws the rows in view.
    initialRect: { width: 1000, height: maxHeight },
  });
  const height = virtualizer.getTotalSize();
  return {
    ref: box,
    style: { height: Math.min(Math.max(height, rowHeight), maxHeight) },
    box: true,
    height,
    items: virtualizer.getVirtualItems(),
    offset: 0,
    measure: virtualizer.measureElement,
  };
}
