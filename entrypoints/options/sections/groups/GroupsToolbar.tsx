import { useRef, type ReactNode, type RefObject } from 'react';
import { SelectField } from '@/components/SelectField';
import { t, type MessageKey } from '@/lib/i18n';
import type { EnvironmentFilter, SortOrder } from '@/lib/user-groups/registry-views/filter-groups';
import { useFocusWhenTargeted } from '../../navigation/use-focus-when-targeted';
import { TableSearch } from '../../shared/table/TableSearch';

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
  { value: 'tokenAge', label: 'groupsSortTokenAge' },
] as const satisfies readonly { value: SortOrder; label: MessageKey }[];

/** The choices of a select, with their text in the user's language. */
const translated = <T extends string>(options: readonly { value: T; label: MessageKey }[]) =>
  options.map((option) => ({ value: option.value, label: t(option.label) }));

interface GroupsToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  environment: EnvironmentFilter;
  onEnvironment: (environment: EnvironmentFilter) => void;
  sort: SortOrder;
  onSort: (sort: SortOrder) => void;
  /** The search field, for Clear the filter to give focus back to. */
  searchRef?: RefObject<HTMLInputElement | null>;
  /** "Showing 6 of 6 groups…" */
  count: string;
  /** Tokens due for rotation, when a period is set: the Show select then offers them. */
  due: number | undefined;
  /** The selection bar and the list's live region: kept in view with the toolbar. */
  children?: ReactNode;
}

/** Search, environment filter, sort and count, sticky above the list while it scrolls. */
export function GroupsToolbar({
  search,
  onSearch,
  environment,
  onEnvironment,
  sort,
  onSort,
  searchRef,
  count,
  due,
  children,
}: GroupsToolbarProps) {
  const show = useRef<HTMLDivElement>(null);
  // `#groups/due` (a reminder's notification): the Show select, already on Due for rotation, has focus.
  useFocusWhenTargeted('due', show);
  return (
    <div className="groups-toolbar">
      <div className="toolbar">
        <TableSearch of="groups" value={search} onChange={onSearch} inputRef={searchRef} />
        <div ref={show} className="contents">
          <SelectField
            label={t('groupsFilter')}
            value={environment}
            options={
              due === undefined
                ? translated(FILTERS)
                : [...translated(FILTERS), { value: 'due' as const, label: t('groupsFilterDue', due) }]
            }
            onChange={onEnvironment}
          />
        </div>
        <SelectField label={t('groupsSort')} value={sort} options={translated(SORTS)} onChange={onSort} />
      </div>
      <p className="hint groups-count" aria-live="polite">
        {count}
      </p>
      {children}
    </div>
  );
}
