import { useCallback, useMemo, useState } from 'react';
import { groupKey } from '@/lib/storage/registry/registry-schema';
import type { RegistryEntry } from '@/lib/storage/registry/registry-schema';

/**
 * The selected groups, by key: the selection survives search and filter changes (a hidden group stays
 * selected), and a group that leaves the registry leaves the selection.
 */
export function useGroupSelection(groups: readonly RegistryEntry[], shown: readonly RegistryEntry[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selected = useMemo(
    () => (chosen.size === 0 ? [] : groups.filter((group) => chosen.has(groupKey(group)))),
    [groups, chosen],
  );
  const keys = useMemo(() => new Set(selected.map(groupKey)), [selected]);
  const selectedShown = useMemo(
    () => (keys.size === 0 ? 0 : shown.reduce((count, group) => count + (keys.has(groupKey(group)) ? 1 : 0), 0)),
    [shown, keys],
  );

  const toggle = useCallback((group: RegistryEntry, on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(groupKey(group));
      else next.delete(groupKey(group));
      return next;
    });
  }, []);

  /** Select all shown: selects every shown group, or, when all are selected already, unselects them. */
  const selectShown = useCallback(
    (on: boolean) => {
      setChosen((current) => {
        const next = new Set(current);
        for (const group of shown) {
          if (on) next.add(groupKey(group));
          else next.delete(groupKey(group));
        }
        return next;
      });
    },
    [shown],
  );

  const clear = useCallback(() => setChosen(new Set()), []);
  return { selected, keys, selectedShown, toggle, selectShown, clear };
}
