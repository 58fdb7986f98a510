import { groupKey } from '@/lib/storage/registry/registry-schema';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { plural, t, uiLanguage, type MessageKey } from '@/lib/i18n';
import {
  countByEnvironment,
  groupSearchOf,
  sortedGroupsOf,
  type EnvironmentFilter,
  type SortOrder,
} from '@/lib/user-groups/registry-views/filter-groups';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';
import { useJobPanelHeight } from '../../page/job-panel-height';
import { GroupsToolbar } from './GroupsToolbar';
import { GroupTableHeader } from './GroupTableHeader';
import { useGridKeys } from './use-grid-keys';
import { useGroupSelection } from './use-group-selection';
import type { RowAction } from './row-menu-items';
import { UserGroupRow, type ReadToken, type RowNote } from './UserGroupRow';
import { targetOfHash } from '../../navigation/hash-target';
import { rowsBeforeMeasure } from './rows-before-measure';
import { usePaintedSince } from '../../shared/after-paint';
import './groups.css';

const ROW_HEIGHT = 60;

/** The Show select's options, as its choices say them (GroupsToolbar.tsx). */
const ENVIRONMENT_FILTER_LABELS: Record<Exclude<EnvironmentFilter, 'due'>, MessageKey> = {
  all: 'groupsFilterAll',
  Customer: 'groupsFilterCustomer',
  Testing: 'groupsFilterTesting',
};
const NO_KEYS: readonly string[] = [];
/** A list was drawn already in this page: the next one comes from navigation or a workspace switch. */
let listShownBefore = false;

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

/** The shown groups with the pinned ones (those shown) first, in the order they were pinned. */
export function withPinnedFirst(shown: readonly RegistryEntry[], pinned: readonly string[]): RegistryEntry[] {
  if (pinned.length === 0) return shown as RegistryEntry[];
  const byKey = new Map(shown.map((group) => [groupKey(group), group]));
  const first = pinned.flatMap((key) => byKey.get(key) ?? []);
  if (first.length === 0) return shown as RegistryEntry[];
  const firstKeys = new Set(first.map(groupKey));
  return [...first, ...shown.filter((group) => !firstKeys.has(groupKey(group)))];
}

/**
 * Search, filter, sort, and a grid of the groups that fills the section: the window scrolls it (one
 * scrollbar) and only the rows in view are in the DOM. One tab stop, arrow keys inside (use-grid-keys).
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
  const [search, setSearch] = useState('');
  // `#groups/due` (a reminder's notification) opens the list on the tokens due.
  const [environment, setEnvironment] = useState<EnvironmentFilter>(() =>
    targetOfHash(location.hash) === 'due' ? 'due' : 'all',
  );
  useEffect(() => {
    const onHash = () => {
      if (targetOfHash(location.hash) === 'due') setEnvironment('due');
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const [sort, setSort] = useState<SortOrder>('name');
  // Sorted (and folded for search) once per registry change or sort order, not per keystroke nor when the
  // section is shown again (sortedGroupsOf remembers): a keystroke only narrows the last result
  // (lib/user-groups/registry-views/group-search.ts), so it renders at once, not deferred.
  const index = useMemo(() => sortedGroupsOf(groups, sort), [groups, sort]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const everyDays = rotation?.everyDays ?? 0;
  const due = useMemo(() => ({ everyDays, now }), [everyDays, now]);
  const searchIndex = useMemo(() => groupSearchOf(index), [index]);
  // The texts the search compares (every name and id, folded) are made while the page is idle once the
  // whole registry is in, not on the first keystroke.
  useEffect(() => {
    if (loading || typeof requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(() => void index.haystacks, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [index, loading]);
  const matching = useMemo(() => searchIndex(search, environment, due), [searchIndex, search, environment, due]);
  const visible = useMemo(() => withPinnedFirst(matching, pinnedKeys), [matching, pinnedKeys]);
  const pinned = useMemo(() => new Set(pinnedKeys), [pinnedKeys]);
  const searchField = useRef<HTMLInputElement>(null);
  const panelHeight = useJobPanelHeight((state) => state.height);
  const loadedCounts = useMemo(() => countByEnvironment(groups), [groups]);
  const counts = loading ?? loadedCounts;
  const total = counts.Customer + counts.Testing;
  // Loading, the list shows every group (none is filtered out yet) of which the first rows are in.
  const shown = loading && !search && environment === 'all' ? total : visible.length;
  const selection = useGroupSelection(groups, visible);
  const locale = useMemo(() => uiLanguage(), []);
  // The rows' exact-time tooltips once the list's first rows are painted (UserGroupRow's exactTimes).
  const exactTimes = usePaintedSince(true);

  const list = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  // Until the list's place in the page is measured, it draws no rows: the window virtualizer would take
  // the list for the top of the page and draw a window's worth of rows, most of them out of view, only to
  // drop them once the place is known. The list the page opens on (at its top) is the exception: its
  // first render draws the rows that can be in view (rows-before-measure.ts) with the virtualizer off (it
  // reads the window's scroll offset, which lays the page out in the middle of the commit), and it is
  // measured once the browser has laid the page out. Coming from another section, the list is measured
  // in its layout effect, before the first paint, and draws then: there the guess (a few rows more) was
  // measured slower than the layout it saves (first row after navigation, 2026-11-26).
  const [offsets, setOffsets] = useState({ top: 0, toolbar: 0, scrollY: 0, measured: false });
  const [drawsBeforeMeasure] = useState(() => {
    const opening = !listShownBefore;
    listShownBefore = true;
    return opening && window.scrollY === 0;
  });
  const guessed = drawsBeforeMeasure ? rowsBeforeMeasure(visible.length, window.innerHeight, 0, ROW_HEIGHT) : 0;
  const virtualized = offsets.measured || !drawsBeforeMeasure;
  const scrollTo = useRef<(row: number) => void>(() => undefined);
  const pageSize = Math.max(1, Math.floor((window.innerHeight - offsets.toolbar) / ROW_HEIGHT) - 1);
  const { grid, active, gridProps } = useGridKeys(visible.length, pageSize, (row) => scrollTo.current(row));
  const rangeExtractor = useCallback(
    (range: Range) => {
      // The row holding the grid's tab stop stays rendered, in view or not.
      const indexes = defaultRangeExtractor(range);
      const row = active.row;
      if (row >= 0 && row < range.count && !indexes.includes(row)) return [...indexes, row].sort((a, b) => a - b);
      return indexes;
    },
    [active.row],
  );
  const virtualizer = useWindowVirtualizer({
    count: visible.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    scrollMargin: offsets.top,
    scrollPaddingStart: offsets.toolbar + ROW_HEIGHT,
    // A row brought into view at the bottom stays above the job panel.
    scrollPaddingEnd: panelHeight,
    rangeExtractor,
    enabled: virtualized,
    // The window's size is known now: the first render already has the rows in view (no empty frame).
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // Read with the list's place when it was measured after layout (no layout of its own), else now.
    initialOffset: () => (offsets.measured ? offsets.scrollY : window.scrollY),
  });
  useLayoutEffect(() => {
    scrollTo.current = (row) => virtualizer.scrollToIndex(row, { align: 'auto' });
  });
  const empty = groups.length === 0 && !loading;
  const noMatch = !empty && visible.length === 0;
  const filterLabel =
    environment === 'due' ? t('groupsFilterDue', rotation?.due ?? 0) : t(ENVIRONMENT_FILTER_LABELS[environment]);
  const clearFilter = () => {
    setSearch('');
    setEnvironment('all');
    searchField.current?.focus();
  };

  // Where the list starts in the page, and how much of the window the sticky toolbar covers.
  // With rows drawn before measuring, the observer's first call measures the list (after the browser's
  // layout; its render follows the paint); otherwise, and later (a list that appears again), at once.
  const measureAfterLayout = useRef(drawsBeforeMeasure);
  useLayoutEffect(() => {
    const measure = () => {
      if (!list.current) return;
      const scrollY = window.scrollY;
      const top = Math.round(list.current.getBoundingClientRect().top + scrollY);
      const toolbarHeight = toolbar.current?.offsetHeight ?? 0;
      setOffsets((current) =>
        current.measured && current.top === top && current.toolbar === toolbarHeight
          ? current
          : { top, toolbar: toolbarHeight, scrollY, measured: true },
      );
    };
    if (measureAfterLayout.current) measureAfterLayout.current = false;
    else measure();
    const section = list.current?.closest('section') ?? document.body;
    const observer = new ResizeObserver(measure);
    observer.observe(section);
    return () => observer.disconnect();
  }, [empty, noMatch]);

  const items: readonly { index: number; start: number }[] = offsets.measured
    ? virtualizer.getVirtualItems()
    : visible.slice(0, guessed).map((_, index) => ({ index, start: offsets.top + index * ROW_HEIGHT }));
  return (
    <div>
      <div ref={toolbar} className="groups-sticky">
        <GroupsToolbar
          search={search}
          onSearch={setSearch}
          environment={environment}
          onEnvironment={setEnvironment}
          sort={sort}
          onSort={setSort}
          searchRef={searchField}
          count={plural('groupsShowing', total, shown, counts.Customer, counts.Testing)}
          due={everyDays > 0 || environment === 'due' ? (rotation?.due ?? 0) : undefined}
        >
          {renderMessages(selection)}
        </GroupsToolbar>
      </div>
      {empty ? (
        <p>{t('groupsEmpty')}</p>
      ) : noMatch ? (
        <p className="no-match">
          {search.trim() ? t('groupsNoMatch', search.trim(), filterLabel) : t('groupsNoMatchFilter', filterLabel)}{' '}
          <button type="button" onClick={clearFilter}>
            {t('groupsClearFilter')}
          </button>
        </p>
      ) : (
        <>
          <button type="button" className="skip-link" onClick={() => end.current?.focus()}>
            {t('groupsSkipList')}
          </button>
          <div
            ref={grid}
            role="grid"
            aria-label={t('groupsTable')}
            aria-rowcount={shown + 1}
            aria-busy={loading ? true : undefined}
            aria-multiselectable="true"
            className="group-table"
            {...gridProps}
          >
            <GroupTableHeader
              shown={visible.length}
              selectedShown={selection.selectedShown}
              onSelectAll={selection.selectShown}
              headerActive={active.row === -1}
            />
            <div
              ref={list}
              role="rowgroup"
              className="group-rows"
              style={{ height: virtualized ? virtualizer.getTotalSize() : visible.length * ROW_HEIGHT }}
            >
              {items.map((item) => {
                const group = visible[item.index];
                if (!group) return null;
                const key = groupKey(group);
                return (
                  <div
                    key={key}
                    className="group-item"
                    data-row={item.index}
                    style={{ height: ROW_HEIGHT, transform: `translateY(${item.start - offsets.top}px)` }}
                  >
                    <UserGroupRow
                      group={group}
                      rowIndex={item.index + 2}
                      busy={busyKeys.has(key)}
                      onAction={onAction}
                      activeCol={active.row === item.index ? active.col : -1}
                      selected={selection.keys.has(key)}
                      onSelect={selection.toggle}
                      note={note?.key === key ? note : undefined}
                      now={now}
                      locale={locale}
                      exactTimes={exactTimes}
                      tokensSealed={tokensSealed}
                      lockClosings={lockClosings}
                      readToken={readToken}
                      justCreated={pinned.has(key)}
                    />
                  </div>
                );
              })}
            </div>
          </div>
          <div ref={end} tabIndex={-1} className="visually-hidden">
            {t('groupsListEnd')}
          </div>
        </>
      )}
    </div>
  );
}
