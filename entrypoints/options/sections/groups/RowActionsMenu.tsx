import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '@/lib/i18n';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** The id of the text that explains why the item is off. */
  describedBy?: string;
  danger?: boolean;
}

interface RowActionsMenuProps {
  /** Named in the button's accessible name: "Actions for <name>". */
  groupName: string;
  items: readonly MenuItem[];
}

/**
 * A menu button (WAI-ARIA APG): Enter or Space opens it on its first item; Up/Down/Home/End move,
 * Escape closes it and gives focus back to the button, Tab or a click elsewhere closes it. Arrows on the
 * closed button are the grid's (they move between rows).
 */
export function RowActionsMenu({ groupName, items }: RowActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // One call into the browser's i18n for both names (a text with a substitution is not remembered).
  const name = t('groupsRowActions', groupName);

  const enabledItems = () => [
    ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]:not(:disabled)') ?? []),
  ];
  const focusItem = (which: 'first' | 'last' | 1 | -1) => {
    const list = enabledItems();
    if (list.length === 0) return;
    const current = list.indexOf(document.activeElement as HTMLButtonElement);
    const index =
      which === 'first' ? 0 : which === 'last' ? list.length - 1 : (current + which + list.length) % list.length;
    list[index]?.focus();
  };
  const openMenu = () => {
    setOpen(true);
    // Its items are drawn with the open menu (below): focus the first once they are in.
    requestAnimationFrame(() => focusItem('first'));
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, 'first' | 'last' | 1 | -1> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last' };
    const move = moves[event.key];
    if (move !== undefined) focusItem(move);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else if (event.key !== 'Enter' && event.key !== ' ') return;
    // The grid must not see these keys (they would move its focus), nor the dialog's Escape.
    event.stopPropagation();
    if (event.key !== 'Tab' && event.key !== 'Enter' && event.key !== ' ') event.preventDefault();
  };

  return (
    <div
      className="row-menu-wrap"
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="row-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={name}
        onClick={() => (open ? close(false) : openMenu())}
      >
        {t('groupsColumnActions')}
      </button>
      <div
        ref={menu}
        id={menuId}
        role="menu"
        aria-label={name}
        className="row-menu"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {/* Only while open: a closed row's menu is its button alone, so each of the rows a page draws at
            once (a window's worth, on every scroll) costs a handful of elements less. */}
        {open &&
          items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={item.danger ? 'danger' : undefined}
              disabled={item.disabled}
              aria-describedby={item.describedBy}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
      </div>
    </div>
  );
}
