// The one search rule of every list (design.md §14): every word of the query must be found, in any
// order, in the row's text, ignoring case and accents: "qa hooli" finds "Hooli QA", "corp globex" finds
// "Globex Corp", "Muller" finds "Müller". Each list gives the text of its rows (the user groups: name
// and id; the project history: name, address, id; the activity log: what its row shows). Texts are
// folded once per list (foldForSearch); a keystroke then only tests words against those folded texts,
// and most keystrokes only narrow the previous result (createIncrementalSearch), so the work per
// keystroke shrinks as the query grows.

// eslint-disable-next-line no-control-regex -- ASCII is the common case and needs no Unicode folding
const ASCII = /^[\u0000-\u007f]*$/;
/** Combining marks of Latin, Greek and Cyrillic accents (after NFKD), as code point ranges. */
const ACCENT_RANGES = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
] as const;

/** The text without those marks. Marks that are parts of letters in other scripts (kana voicing, Indic vowel signs) stay. */
function withoutAccents(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (!ACCENT_RANGES.some(([from, to]) => code >= from && code <= to)) out += character;
  }
  return out;
}
/** Letters that no decomposition turns into their base letters, as a reader would search them. */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const SPECIAL = /[ßæœøłđðþı]/g;

/**
 * A text as the search compares it: lower case, accents removed (é → e, ü → u), compatibility forms
 * unified (full-width Ｑ → q, ﬁ → fi), a few letters spelled out (ß → ss, ø → o). Other scripts keep
 * their characters (Japanese kana keep their voicing marks: か and が stay different).
 */
export function foldForSearch(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return withoutAccents(text.normalize('NFKD'))
    .normalize('NFC')
    .toLowerCase()
    .replace(SPECIAL, (letter) => LETTERS[letter] ?? letter);
}

/** The words of a query, folded; blank queries have none. */
export function searchWords(query: string): string[] {
  return foldForSearch(query)
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** A separator no word can contain: a word never matches across the end of one field and the start of the next. */
const SEPARATOR = '\u0000';

/** What the search looks at for one row: its fields, folded (a missing field is left out). */
export function searchTextOf(...fields: readonly (string | undefined)[]): string {
  let text = '';
  for (const field of fields) if (field) text += text === '' ? foldForSearch(field) : SEPARATOR + foldForSearch(field);
  return text;
}

/** Whether every word is in the text. */
export function matchesWords(text: string, words: readonly string[]): boolean {
  for (const word of words) if (!text.includes(word)) return false;
  return true;
}

/** A result already computed: the positions (in the searched list) that match `words`. */
interface Computed {
  words: readonly string[];
  positions: readonly number[];
}

/**
 * Whether every text matching `narrower` also matches `wider`: each word of `wider` is inside some word
 * of `narrower` ("qa" ⊂ "qa h" ⊂ "qa hoo"). Then the narrower query only needs to test the wider one's
 * matches.
 */
function narrows(narrower: readonly string[], wider: readonly string[]): boolean {
  return wider.every((word) => narrower.some((other) => other.includes(word)));
}

/** How many earlier results a search keeps (typing forward and deleting back both find one). */
const KEPT = 32;

/**
 * Searches one fixed list of texts (one per group, in display order) again and again, as a query is
 * typed: each answer is the positions that match, in order. A query that narrows an earlier one tests
 * only that one's matches; a query seen before (after Backspace) is answered from memory.
 */
export function createIncrementalSearch(texts: readonly string[]) {
  const kept: Computed[] = [];
  const all = Array.from(texts, (_, position) => position);
  return (query: string): readonly number[] => {
    const words = searchWords(query);
    if (words.length === 0) return all;
    const key = words.join(' ');
    let from: readonly number[] = all;
    for (let index = kept.length - 1; index >= 0; index -= 1) {
      const earlier = kept[index]!;
      if (earlier.words.join(' ') === key) {
        kept.push(...kept.splice(index, 1)); // most recently used last
        return earlier.positions;
      }
      if (earlier.positions.length < from.length && narrows(words, earlier.words)) from = earlier.positions;
    }
    const positions: number[] = [];
    for (const position of from) if (matchesWords(texts[position]!, words)) positions.push(position);
    kept.push({ words, positions });
    if (kept.length > KEPT) kept.shift();
    return positions;
  };
}

/**
 * A list searched by the rule above: `textOf` gives a row's fields (what its row shows). Answers the
 * matching rows in the list's order, the list itself for a blank query. The texts are folded when the
 * first search needs them, never when the list is first shown.
 */
export function createRowSearch<Row>(
  rows: readonly Row[],
  textOf: (row: Row) => readonly (string | undefined)[],
): (query: string) => readonly Row[] {
  let positionsOf: ((query: string) => readonly number[]) | undefined;
  const found = new WeakMap<readonly number[], readonly Row[]>();
  return (query) => {
    if (searchWords(query).length === 0) return rows;
    positionsOf ??= createIncrementalSearch(rows.map((row) => searchTextOf(...textOf(row))));
    const positions = positionsOf(query);
    let matching = found.get(positions);
    if (!matching) found.set(positions, (matching = positions.map((position) => rows[position]!)));
    return matching;
  };
}
