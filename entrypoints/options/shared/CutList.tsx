import type { ReactNode } from 'react';
import { plural } from '@/lib/i18n';

/** Long lists are cut here on the page; the counts above them, and the exports, are always whole. */
export const SHOWN_ROWS = 500;

/** "… and 12 more" under a list cut at SHOWN_ROWS; nothing when it was not cut. */
export function MoreRows({ total, as: Tag = 'li' }: { total: number; as?: 'li' | 'p' }) {
  return total > SHOWN_ROWS ? <Tag className="hint">{plural('optionsListMore', total - SHOWN_ROWS)}</Tag> : null;
}

interface CutListProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  render: (item: T) => ReactNode;
  /** The list's accessible name (or `labelledBy`, the id of its heading). */
  label?: string;
  labelledBy?: string;
  id?: string;
  className?: string;
  /** Folded under a disclosure whose summary says this ("3 already in the registry"). */
  folded?: string;
}

/** A preview's or a job's list: its first SHOWN_ROWS items, and how many more there are. */
export function CutList<T>({ items, itemKey, render, label, labelledBy, id, className, folded }: CutListProps<T>) {
  const list = (
    <ul
      id={id}
      aria-label={label}
      aria-labelledby={labelledBy}
      className={className ? `preview-list ${className}` : 'preview-list'}
    >
      {items.slice(0, SHOWN_ROWS).map((item) => (
        <li key={itemKey(item)}>{render(item)}</li>
      ))}
      <MoreRows total={items.length} />
    </ul>
  );
  if (folded === undefined) return list;
  return (
    <details>
      <summary>{folded}</summary>
      {list}
    </details>
  );
}
