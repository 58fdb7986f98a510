import { useCallback, useMemo, useRef, useState } from 'react';
import { groupKey } from '@/lib/storage/registry/registry-schema';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';

/**
 * The keys a Shift-click changes: every shown group from the anchor (the row ticked or unticked last)
 * to the one clicked, both included, in the order shown. Without an anchor still shown, the one clicked.
 */
export function rangeKeys(shown: readonly RegistryEntry[], anchor: string | undefined, clicked: string): string[] {
  const keys = shown.map(groupKey);
  const to = keys.indexOf(clicked);
  const from = anchor === undefined ? -1 : keys.indexOf(anchor);
  if (to < 0) return [clicked];
  if (from < 0) return [clicked];
  return keys.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/**
 * The selected groups, by key: the selection survives search and filter changes (a hidden group stays
 * selected), and a group that leaves the registry leaves the selection. Shift-click ticks (or unticks)
 * the range from the row changed last, as in a file manager.
 */
export function useGroupSelection(groups: readonly RegistryEntry[], shown: readonly RegistryEntry[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<string>(undefined);
  // The handlers read the rows shown now through a ref: they stay the same functions while the user
  // types, so that the rows a keystroke keeps are not drawn again.
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const selected = useMemo(
    () => (chosen.size === 0 ? [] : groups.filter((group) => chosen.has(groupKey(group)))),
    [groups, chosen],
  );
  const keys = useMemo(() => new Set(selected.map(groupKey)), [selected]);
  const selectedShown = useMemo(
    () => (keys.size === 0 ? 0 : shown.reduce((count, group) => count + (keys.has(groupKey(group)) ? 1 : 0), 0)),
    [shown, keys],
  );

  const toggle = useCallback((group: RegistryEntry, on: boolean, extend = false) => {
    const key = groupKey(group);
    const changed = extend ? rangeKeys(shownNow.current, anchor.current, key) : [key];
    anchor.current = key;
    setChosen((current) => {
      const next = new Set(current);
      for (const each of changed) {
        if (on) next.add(each);
        else next.delete(each);
      }
      return next;
    });
  }, []);

  /** Select all shown: selects every shown group, or, when all are selected already, unselects them. */
  const selectShown = useCallback((on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      for (const group of shownNow.current) {
        if (on) next.add(groupKey(group));
        else next.delete(groupKey(group));
      }
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    anchor.current = undefined;
    setChosen(new Set());
  }, []);
  return { selected, keys, selectedShown, toggle, selectShown, clear };
}
