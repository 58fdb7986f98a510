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
  ['actions', 'groupsColumnActions'],
];

/** The grid's columns: Select all, then each group's name, id, environment, token, last change and actions. */
export function groupColumns(selectAll: SelectAllProps): TableColumn[] {
  return [
    { key: 'select', className: 'cell-select', label: <SelectAll {...selectAll} /> },
    ...COLUMNS.map(([cell, heading]) => ({ key: cell, className: `cell-${cell}`, label: t(heading) })),
  ];
}
