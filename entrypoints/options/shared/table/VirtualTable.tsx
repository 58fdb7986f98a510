import { useRef, type FocusEventHandler, type KeyboardEventHandler, type ReactNode, type Ref } from 'react';
import { t, type MessageKey } from '@/lib/i18n';
import type { TableBody } from './table-body';
import { useRovingTabIndex } from './use-roving-tab-index';
import './table.css';

/** A column: its header cell's content and class (the rows' cells of that column share the class). */
export interface TableColumn {
  key: string;
  label: ReactNode;
  className?: string;
}

/** Columns whose headers are texts (in the page's language, so made when drawn). */
export const textColumns = (keys: readonly MessageKey[]): TableColumn[] => keys.map((key) => ({ key, label: t(key) }));

/** A grid's keyboard (use-grid-keys.ts): its element's ref and handlers, and which header control is active. */
export interface TableGrid {
  ref: Ref<HTMLDivElement>;
  props: { onKeyDown: KeyboardEventHandler; onFocus: FocusEventHandler; onBlur: FocusEventHandler };
  controls: string;
  headerActiveCol: number;
  multiselectable?: boolean;
}

interface VirtualTableProps<Row> {
  /** Names its parts' classes beside the shared ones: `group` gives group-table, group-head, group-row, group-rows. */
  name: string;
  label: string;
  columns: readonly TableColumn[];
  rows: readonly Row[];
  /** How many rows there are when `rows` holds only the first (a registry still loading): aria-rowcount. */
  rowCount?: number;
  busy?: boolean;
  rowKey: (row: Row) => string | number;
  /** A row: the element with role=row, `aria-rowindex={ariaRowIndex}` (the header row is 1), its cells. */
  renderRow: (row: Row, ariaRowIndex: number, index: number) => ReactNode;
  /** Which rows to draw, and where: use-box-rows.ts or use-window-rows.ts. */
  body: TableBody;
  /** A grid (role=grid, arrow keys between the rows' controls) instead of a table to read (role=table). */
  grid?: TableGrid;
}

/**
 * The virtualized table of the user groups, the project history and the activity log: the header row,
 * the rows drawn (only those in view, however many there are), their positions and row indexes for
 * screen readers, and the keyboard: a grid's arrow keys, or a box that scrolls once focused. Each table
 * gives its columns and how it draws a row; its column widths are in its own style sheet.
 */
export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { name, label, columns, rows, grid } = props;
  const { ref: bodyRef, style, box, height, items, offset, rowHeight, measure } = props.body;
  const header = useRef<HTMLDivElement>(null);
  useRovingTabIndex(header, grid?.controls, grid?.headerActiveCol ?? -1);
  return (
    <div
      ref={grid?.ref}
      role={grid ? 'grid' : 'table'}
      aria-label={label}
      aria-rowcount={(props.rowCount ?? rows.length) + 1}
      aria-busy={props.busy ? true : undefined}
      aria-multiselectable={grid?.multiselectable ? true : undefined}
      className={`virtual-table ${name}-table`}
      {...grid?.props}
    >
      <div role="rowgroup" className={`${name}-head`}>
        {/* data-row: ROW_INDEX_ATTRIBUTE (table-body.ts); the header's is -1. */}
        <div ref={header} role="row" aria-rowindex={1} className={`${name}-row header`} data-row={-1}>
          {columns.map((column) => (
            <div key={column.key} role="columnheader" className={column.className}>
              {column.label}
            </div>
          ))}
        </div>
      </div>
      <div
        ref={bodyRef}
        role="rowgroup"
        className={box ? `virtual-table-box ${name}-rows` : `${name}-rows`}
        style={style}
        // A box whose rows may hold no control: focused, the arrow keys scroll it.
        tabIndex={box ? 0 : undefined}
        aria-label={box ? label : undefined}
      >
        <div className="virtual-table-rows" style={{ height }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <div
                key={props.rowKey(row)}
                ref={measure}
                className="virtual-table-item"
                data-row={item.index}
                style={{ height: rowHeight, transform: `translateY(${item.start - offset}px)` }}
              >
                {props.renderRow(row, item.index + 2, item.index)}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
