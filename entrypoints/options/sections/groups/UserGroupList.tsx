import { useMemo, useRef, type ReactNode } from 'react';
import { plural, t, uiLanguage } from '@/lib/i18n';
import { groupKey, type RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { usePaintedSince } from '../../shared/after-paint';
import { GroupsToolbar } from './GroupsToolbar';
import { GroupTable } from './GroupTable';
import type { RowAction } from './row-menu-items';
import { useGroupSelection } from './use-group-selection';
import { useGroupView } from './use-group-view';
import { UserGroupRow, type ReadToken, type RowNote } from './UserGroupRow';
import './groups.css';

const NO_KEYS: readonly string[] = [];

interface UserGroupListProps {
  groups: RegistryEntry[];
  /** While the registry loads, `groups` holds only its first rows (by name), and these are its counts. */
  loading?: Record<'Customer' | 'Testing', number>;
  busyKeys: ReadonlySet<string>;
  onAction: (action: RowAction, group: RegistryEntry) => void;
  /** The last row action's result, shown on its row. */
  note?: { key: string } & RowNote;
  /** The list's live region (the last list action's result), and the selection bar, kept in view in the toolbar. */
  renderMessages: (selection: { selected: RegistryEntry[]; clear: () => void }) => ReactNode;
  /** **Rotate tokens every**, in days (0: Off), and how many tokens are due: the Show select's Due for rotation. */
  rotation?: { everyDays: number; due: number };
  /** Groups the last action created: shown first, marked, until the next action. */
  pinnedKeys?: readonly string[];
  /** The passphrase lock is on (tokens sealed at rest), and how many times it has closed since the page opened. */
  tokensSealed?: boolean;
  lockClosings?: number;
  readToken: ReadToken;
}

/**
 * The user groups: search, filter and sort in a sticky toolbar (what to show: use-group-view.ts), the
 * selection (use-group-selection.ts), and the grid of the groups shown (GroupTable.tsx).
 */
export function UserGroupList({
  groups,
  loading,
  busyKeys,
  onAction,
  note,
  renderMessages,
  pinnedKeys = NO_KEYS,
  tokensSealed = false,
  lockClosings = 0,
  readToken,
  rotation,
}: UserGroupListProps) {
  const view = useGroupView({ groups, loading, pinnedKeys, rotation });
  const { visible, search } = view;
  const selection = useGroupSelection(groups, visible);
  const pinned = useMemo(() => new Set(pinnedKeys), [pinnedKeys]);
  const locale = useMemo(() => uiLanguage(), []);
  // The rows' exact-time tooltips once the list's first rows are painted (UserGroupRow's exactTimes).
  const exactTimes = usePaintedSince(true);
  const toolbar = useRef<HTMLDivElement>(null);

  const renderRow = (group: RegistryEntry, rowIndex: number, activeCol: number) => {
    const key = groupKey(group);
    return (
      <UserGroupRow
        group={group}
        rowIndex={rowIndex}
        busy={busyKeys.has(key)}
        onAction={onAction}
        activeCol={activeCol}
        selected={selection.keys.has(key)}
        onSelect={selection.toggle}
        note={note?.key === key ? note : undefined}
        now={view.now}
        locale={locale}
        exactTimes={exactTimes}
        tokensSealed={tokensSealed}
        lockClosings={lockClosings}
        readToken={readToken}
        justCreated={pinned.has(key)}
      />
    );
  };

  return (
    <div>
      <div ref={toolbar} className="groups-sticky">
        <GroupsToolbar
          search={search}
          onSearch={view.setSearch}
          environment={view.environment}
          onEnvironment={view.setEnvironment}
          sort={view.sort}
          onSort={view.setSort}
          searchRef={view.searchField}
          count={plural('groupsShowing', view.total, view.shown, view.counts.Customer, view.counts.Testing)}
          due={(rotation?.everyDays ?? 0) > 0 || view.environment === 'due' ? (rotation?.due ?? 0) : undefined}
        >
          {renderMessages(selection)}
        </GroupsToolbar>
      </div>
      {view.empty ? (
        <p>{t('groupsEmpty')}</p>
      ) : view.noMatch ? (
        <p className="no-match">
          {search.trim()
            ? t('groupsNoMatch', search.trim(), view.filterLabel)
            : t('groupsNoMatchFilter', view.filterLabel)}{' '}
          <button type="button" onClick={view.clearFilter}>
            {t('groupsClearFilter')}
          </button>
        </p>
      ) : (
        <GroupTable
          rows={visible}
          rowCount={view.shown}
          busy={loading !== undefined}
          selectAll={{ selectedShown: selection.selectedShown, onSelectAll: selection.selectShown }}
          stickyTop={toolbar}
          renderRow={renderRow}
          reveal={pinnedKeys[0]}
        />
      )}
    </div>
  );
}
