import type { Ref } from 'react';

interface TableSearchProps {
  /** The field's id (`group-search`): links and tests find it by it. */
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The search field above a table (user groups, project history, activity log). */
export function TableSearch({ id, label, placeholder, value, onChange, inputRef }: TableSearchProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
      />
    </div>
  );
}
