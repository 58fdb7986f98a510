import type { Ref } from 'react';
import { t, type MessageKey } from '@/lib/i18n';

/** Each table's search field: its id (links and tests find it by it), its label and its placeholder. */
const SEARCHES = {
  groups: { id: 'group-search', label: 'groupsSearch', placeholder: 'groupsSearchPlaceholder' },
  history: { id: 'history-search', label: 'historySearch', placeholder: 'historySearchPlaceholder' },
  activity: { id: 'activity-search', label: 'activitySearch', placeholder: 'activitySearchPlaceholder' },
} as const satisfies Record<string, { id: string; label: MessageKey; placeholder: MessageKey }>;

interface TableSearchProps {
  of: keyof typeof SEARCHES;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The search field above a table (the user groups, the project history, the activity log). Not
 * components/TextField, which makes its own id: letting it take one grows the popup's bundle, which is
 * at its budget.
 */
export function TableSearch({ of, value, onChange, inputRef }: TableSearchProps) {
  const { id, label, placeholder } = SEARCHES[of];
  return (
    <div className="field">
      <label htmlFor={id}>{t(label)}</label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t(placeholder)}
      />
    </div>
  );
}
