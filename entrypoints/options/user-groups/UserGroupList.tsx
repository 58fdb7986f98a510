import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { SelectField } from '@/components/SelectField';
import { countByEnvironment, filterGroups, groupKey, type EnvironmentFilter, type SortOrder } from '@/lib/user-groups/filter-groups';
import type { RegistryEntry } from '@/lib/user-groups/registry-schema';
import { UserGroupRow, type RowAction } from './UserGroupRow';

const FILTERS = [
  { value: 'all', label: 'All environments' },
  { value: 'Customer', label: 'Customer only' },
  { value: 'Testing', label: 'Testing only' },
] as const satisfies readonly { value: EnvironmentFilter; label: string }[];

const SORTS = [
  { value: 'name', label: 'Name' },
  { value: 'id', label: 'ID' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const satisfies readonly { value: SortOrder; label: string }[];

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
          <label htmlFor="group-search">Search user groups</label>
          <input id="group-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name or ID" />
        </div>
        <SelectField label="Show" value={environment} options={FILTERS} onChange={setEnvironment} />
        <SelectField label="Sort by" value={sort} options={SORTS} onChange={setSort} />
      </div>
      <p className="hint" aria-live="polite">
        Showing {visible.length.toLocaleString()} of {groups.length.toLocaleString()} groups ({counts.Customer.toLocaleString()} Customer, {counts.Testing.toLocaleString()} Testing).
      </p>
      {groups.length === 0 ? (
        <p>No user groups in this browser yet. Create one above, or import a file.</p>
      ) : (
        <div role="table" aria-label="User groups" aria-rowcount={visible.length + 1} className="group-table">
          <div role="rowgroup">
            <div role="row" aria-rowindex={1} className="group-row header">
              <div role="columnheader">Name</div>
              <div role="columnheader">ID</div>
              <div role="columnheader">Environment</div>
              <div role="columnheader">Token</div>
              <div role="columnheader">Last change</div>
              <div role="columnheader">Actions</div>
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
