/**
 * Text order as people read it: any case and accents alike, numbers by value ("Group 2" before
 * "Group 10"), the UI language's collation. The user-group list sorts by it, and the registry's stored
 * index (lib/storage/registry/registry-index.ts) keeps its first rows in the same order.
 */
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * A key whose plain string order is the collator's order (any case, numbers by value), for text of
 * ASCII letters, digits, spaces and hyphens, which sort in that order in both; undefined for other
 * text (accents, other punctuation), which the collator compares. Plain comparisons are several times
 * faster: sorting 10,000 names is the largest part of showing the list.
 */
export function plainSortKey(text: string): string | undefined {
  if (!/^[A-Za-z0-9 -]*$/.test(text)) return undefined;
  let tooLong = false;
  const key = text.toLowerCase().replace(/\d+/g, (digits) => {
    const value = digits.replace(/^0+/, '');
    if (value.length > 15) tooLong = true;
    return value.padStart(16, '0');
  });
  return tooLong ? undefined : key;
}

/** Compares two texts as the collator does, through their plain keys when both have one. */
export function compareText(a: string, keyA: string | undefined, b: string, keyB: string | undefined): number {
  if (keyA === undefined || keyB === undefined) return collator.compare(a, b);
  return keyA < keyB ? -1 : keyA > keyB ? 1 : 0;
}
