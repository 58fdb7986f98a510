import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { t } from '@/lib/i18n';
import { groupKey, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { useJobPanelHeight } from '../../page/job-panel-height';
import { useGridKeys, type GridScroller } from '../../shared/table/use-grid-keys';
import { useWindowRows } from '../../shared/table/use-window-rows';
import { VirtualTable } from '../../shared/table/VirtualTable';
import { groupColumns } from './group-columns';
import { ROW_CONTROLS } from './UserGroupRow';

const ROW_HEIGHT = 60;

/** Controls per row: Select, Show token, Copy token, Actions; the header has Select all. */
const LAYOUT = { cols: 4, headerCols: 1, controls: ROW_CONTROLS };

interface GroupTableProps {
  rows: readonly RegistryEntry[];
  /** How many groups there are (while the registry loads, more than `rows` holds). */
  rowCount: number;
  busy: boolean;
  /** Select all: how many of the rows are selected, and selecting or unselecting them all. */
  selectAll: { selectedShown: number; onSelectAll: (selected: boolean) => void };
  /** The sticky toolbar above the grid. */
  stickyTop: RefObject<HTMLElement | null>;
  /** A group's row; `activeCol`: which of its controls holds the grid's tab stop (-1: none). */
  renderRow: (group: RegistryEntry, ariaRowIndex: number, activeCol: number) => ReactNode;
  /** The key of a row to bring into view once (a group just created), between the toolbar and the job panel. */
  reveal?: string | undefined;
}

/**
 * The groups as a grid that fills the section: the window scrolls it (one scrollbar), only the rows in
 * view are in the DOM, rows of one height. One tab stop, arrow keys inside (use-grid-keys.ts); a row
 * brought into view stays below the toolbar and above the job panel. A skip link goes past it.
 */
export function GroupTable({ rows, rowCount, busy, selectAll, stickyTop, renderRow, reveal }: GroupTableProps) {
  const coveredBelow = useJobPanelHeight((state) => state.height);
  const scroller = useRef<GridScroller>({ pageSize: 1, scrollToRow: () => undefined });
  const { grid, active, gridProps } = useGridKeys(rows.length, LAYOUT, scroller);
  const body = useWindowRows({
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    keepRow: active.row,
    stickyTop,
    coveredBelow,
  });
  useLayoutEffect(() => {
    scroller.current = body;
  });
  // A group just created is shown where the user sees it (design.md §14), never under the job panel:
  // the window scrolls it above the panel (the scroller keeps the panel's height clear, issue 41).
  const revealIndex = reveal === undefined ? -1 : rows.findIndex((group) => groupKey(group) === reveal);
  useEffect(() => {
    if (revealIndex >= 0) scroller.current.scrollToRow(revealIndex);
    // Once per group revealed, not at every change of the list; again when the list moved or the panel
    // grew under it: the create's result line appears above the list in the same commit as the row, and
    // the list's place is measured after that (by its resize observer), so the first scroll aimed at
    // the row's place before it moved down (CI, 2026-11-29: 1 run in 8, the row 48 px under the panel).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal, revealIndex >= 0, body.offset, coveredBelow]);
  const end = useRef<HTMLDivElement>(null);
  return (
    <>
      <button type="button" className="skip-link" onClick={() => end.current?.focus()}>
        {t('groupsSkipList')}
      </button>
      <VirtualTable
        name="group"
        label={t('groupsTable')}
        columns={groupColumns({ shown: rows.length, ...selectAll })}
        rows={rows}
        rowCount={rowCount}
        busy={busy}
        rowKey={groupKey}
        body={body}
        grid={{
          ref: grid,
          props: gridProps,
          controls: ROW_CONTROLS,
          headerActiveCol: active.row === -1 ? active.col : -1,
          multiselectable: true,
        }}
        renderRow={(group, ariaRowIndex, index) =>
          renderRow(group, ariaRowIndex, active.row === index ? active.col : -1)
        }
      />
      <div ref={end} tabIndex={-1} className="visually-hidden">
        {t('groupsListEnd')}
      </div>
    </>
  );
}
