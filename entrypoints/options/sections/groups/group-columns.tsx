import { useLayoutEffect, useRef } from 'react';
import { plural, t, type MessageKey } from '@/lib/i18n';
import type { TableColumn } from '../../shared/table/VirtualTable';

interface SelectAllProps {
  shown: number;
  selectedShown: number;
  onSelectAll: (selected: boolean) => void;
}

/** Select all N shown: checked when all are, mixed when some are. (Its tab stop is the grid's.) */
function SelectAll({ shown, selectedShown, onSelectAll }: SelectAllProps) {
  const box = useRef<HTMLInputElement>(null);
  const all = shown > 0 && selectedShown === shown;
  useLayoutEffect(() => {
    if (box.current) box.current.indeterminate = selectedShown > 0 && !all;
  }, [selectedShown, all]);
  return (
    <input
      ref={box}
      type="checkbox"
      checked={all}
      disabled={shown === 0}
      onChange={(event) => onSelectAll(event.target.checked)}
      aria-label={plural('groupsSelectAll', shown)}
    />
  );
}

/** The other columns, by their cells' class (`cell-name`…) and heading. */
const COLUMNS: readonly (readonly [string, MessageKey])[] = [
  ['name', 'groupsColumnName'],
  ['id', 'groupsColumnId'],
  ['env', 'groupsColumnEnvironment'],
  ['token', 'groupsColumnToken'],
  ['time', 'groupsColumnLastChange'],
];

/**
 * The actions column's heading, and beside it, hidden, the row's two buttons' texts drawn as buttons
 * are: the column is as wide as its content (groups.css), which in a row is Copy token and Actions,
 * so the header is that wide too and lines up with the rows, in every language ("Token kopieren"
 * once covered the token column's Show in German at 760 px).
 */
function ActionsHeading() {
  return (
    <>
      <span className="heading-text">{t('groupsColumnActions')}</span>
      <span className="actions-width" aria-hidden="true">
        <span>{t('groupsCopyToken')}</span>
        <span>{t('groupsColumnActions')}</span>
      </span>
    </>
  );
}

/** The grid's columns: Select all, then each group's name, id, environment, token, last change and actions. */
export function groupColumns(selectAll: SelectAllProps): TableColumn[] {
  return [
    { key: 'select', className: 'cell-select', label: <SelectAll {...selectAll} /> },
    ...COLUMNS.map(([cell, heading]) => ({ key: cell, className: `cell-${cell}`, label: t(heading) })),
    { key: 'actions', className: 'cell-actions', label: <ActionsHeading /> },
  ];
}
