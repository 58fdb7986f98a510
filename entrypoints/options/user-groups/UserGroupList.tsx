import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { SelectField } from '@/components/SelectField';
import { t, type MessageKey } from '@/lib/i18n';
import { countByEnvironment, filterGroups, groupKey, type EnvironmentFilter, type SortOrder } from '@/lib/user-groups/filter-groups';
import type { RegistryEntry } from '@/lib/user-groups/registry-schema';
import { UserGroupRow, type RowAction } from './UserGroupRow';

const FILTERS = [
  { value: 'all', label: 'groupsFilterAll' },
  { value: 'Customer', label: 'groupsFilterCustomer' },
  { value: 'Testing', label: 'groupsFilterTesting' },
] as const satisfies readonly { value: EnvironmentFilter; label: MessageKey }[];

const SORTS = [
  { value: 'name', label: 'groupsSortName' },
  { value: 'id', label: 'groupsSortId' },
  { value: 'newest', label: 'groupsSortNewest' },
  { value: 'oldest', label: 'groupsSortOldest' },
] as const satisfies readonly { value: SortOrder; label: MessageKey }[];

/** The choices of a select, with their text in the user's language. */
const translated = <T extends string>(options: readonly { value: T; label: MessageKey }[]) => options.map((option) => ({ value: option.value, label: t(option.label) }));

const ROW_HEIGHT = 64;
const MAX_LIST_HEIGHT = 9 * ROW_HEIGHT;

interface UserGroupListProps {
  groups: RegistryEntry[];
  busyKeys: ReadonlySet<string>;
  onAction: (action: RowAction, group: RegistryEntry) => void;
}

/** Search, filter, sort and a virtualized table: only the rows in view are in the DOM. */
export function UserGroupList({ groups, busyKeys, onAction }: UserGroupListProps) {
  const [search, setSearch] = useState('');
  const [environment, setEnvironment] = useState<EnvironmentFilter>('all');
  const [sort, setSort] = useState<SortOrder>('name');
  // Typing stays responsive: the list catches up with the deferred query.
  const deferredSearch = useDeferredValue(search);
  const visible = useMemo(() => filterGroups(groups, { search: deferredSearch, environment, sort }), [groups, deferredSearch, environment, sort]);
  const counts = useMemo(() => countByEnvironment(groups), [groups]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be used this way
  const virtualizer = useVirtualizer({ count: visible.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 6 });

  return (
    <div>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="group-search">{t('groupsSearch')}</label>
          <input id="group-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('groupsSearchPlaceholder')} />
        </div>
        <SelectField label={t('groupsFilter')} value={environment} options={translated(FILTERS)} onChange={setEnvironment} />
        <SelectField label={t('groupsSort')} value={sort} options={translated(SORTS)} onChange={setSort} />
      </div>
      <p className="hint" aria-live="polite">
        {t('groupsShowing', visible.length, groups.length, counts.Customer, counts.Testing)}
      </p>
      {groups.length === 0 ? (
        <p>{t('groupsEmpty')}</p>
      ) : (
        <div role="table" aria-label={t('groupsTable')} aria-rowcount={visible.length + 1} className="group-table">
          <div role="rowgroup">
            <div role="row" aria-rowindex={1} className="group-row header">
              <div role="columnheader">{t('groupsColumnName')}</div>
              <div role="columnheader">{t('groupsColumnId')}</div>
              <div role="columnheader">{t('groupsColumnEnvironment')}</div>
              <div role="columnheader">{t('groupsColumnToken')}</div>
              <div role="columnheader">{t('groupsColumnLastChange')}</div>
              <div role="columnheader">{t('groupsColumnActions')}</div>
            </div>
          </div>
          <div ref={scrollRef} className="group-scroll" role="rowgroup" style={{ height: Math.min(Math.max(virtualizer.getTotalSize(), ROW_HEIGHT), MAX_LIST_HEIGHT) }}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const group = visible[item.index];
                if (!group) return null;
                const key = groupKey(group);
                return (
                  <div key={key} style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }} data-index={item.index} ref={virtualizer.measureElement}>
                    <UserGroupRow group={group} rowIndex={item.index + 2} busy={busyKeys.has(key)} onAction={onAction} />
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
