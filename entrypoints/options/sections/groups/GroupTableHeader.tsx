import { useLayoutEffect, useRef } from 'react';
import { plural, t } from '@/lib/i18n';

interface GroupTableHeaderProps {
  shown: number;
  selectedShown: number;
  onSelectAll: (selected: boolean) => void;
  /** Whether Select all holds the grid's tab stop. */
  headerActive: boolean;
}

/** The column headers, and Select all N shown (checked when all are, mixed when some are). */
export function GroupTableHeader({ shown, selectedShown, onSelectAll, headerActive }: GroupTableHeaderProps) {
  const box = useRef<HTMLInputElement>(null);
  const all = shown > 0 && selectedShown === shown;
  useLayoutEffect(() => {
    if (box.current) box.current.indeterminate = selectedShown > 0 && !all;
  }, [selectedShown, all]);
  return (
    <div role="rowgroup" className="group-head">
      <div role="row" aria-rowindex={1} className="group-row header" data-row={-1}>
        <div role="columnheader" className="cell-select">
          <input
            ref={box}
            type="checkbox"
            checked={all}
            disabled={shown === 0}
            tabIndex={headerActive ? 0 : -1}
            onChange={(event) => onSelectAll(event.target.checked)}
            aria-label={plural('groupsSelectAll', shown)}
          />
        </div>
        <div role="columnheader" className="cell-name">
          {t('groupsColumnName')}
        </div>
        <div role="columnheader" className="cell-id">
          {t('groupsColumnId')}
        </div>
        <div role="columnheader" className="cell-env">
          {t('groupsColumnEnvironment')}
        </div>
        <div role="columnheader" className="cell-token">
          {t('groupsColumnToken')}
        </div>
        <div role="columnheader" className="cell-time">
          {t('groupsColumnLastChange')}
        </div>
        <div role="columnheader" className="cell-actions">
          {t('groupsColumnActions')}
        </div>
      </div>
    </div>
  );
}
