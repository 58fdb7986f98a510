import { describe, expect, it } from 'vitest';
import {
  createIncrementalSearch,
  createRowSearch,
  foldForSearch,
  matchesWords,
  searchTextOf,
  searchWords,
} from '@/lib/text/word-search';

describe('foldForSearch and searchWords', () => {
  it('folds case, accents and compatibility forms', () => {
    expect(foldForSearch('ÉCOLE Ｎº ﬁve')).toBe('ecole no five');
    expect(foldForSearch('plain ascii 42')).toBe('plain ascii 42');
  });

  it('splits on any white space and drops empty words', () => {
    expect(searchWords(' a\tB  ç ')).toEqual(['a', 'b', 'c']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('matchesWords needs all words', () => {
    expect(matchesWords(searchTextOf('Hooli QA', 'h-1'), ['qa', 'hoo'])).toBe(true);
    expect(matchesWords(searchTextOf('Hooli QA', 'h-1'), ['qa', 'x'])).toBe(false);
  });
});

describe('createIncrementalSearch: narrowing and remembering give the same answers as a full scan', () => {
  // A seeded list of names and ids from a small alphabet, so that queries overlap a lot.
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const word = () =>
    Array.from({ length: 1 + Math.floor(random() * 4) }, () => 'abcü é'[Math.floor(random() * 6)]).join('');
  const texts = Array.from({ length: 500 }, () => searchTextOf(`${word()} ${word()}`, word()));
  const scan = (query: string) =>
    texts.flatMap((text, position) => (matchesWords(text, searchWords(query)) ? [position] : []));

  it('typing a query character by character, then deleting it, answers like a scan at every step', () => {
    const positionsOf = createIncrementalSearch(texts);
    for (let query = 0; query < 25; query += 1) {
      const full = `${word()} ${word()}`;
      const steps = [
        ...Array.from(full, (_, end) => full.slice(0, end + 1)),
        ...Array.from(full, (_, end) => full.slice(0, full.length - end - 1)),
      ];
      for (const step of steps) expect(positionsOf(step).join(), JSON.stringify(step)).toBe(scan(step).join());
    }
  });

  it('gives back the same array for a query seen before (the list does not render again)', () => {
    const positionsOf = createIncrementalSearch(texts);
    const first = positionsOf('ab');
    positionsOf('abc');
    expect(positionsOf('ab')).toBe(first);
    expect(positionsOf('  AB ')).toBe(first);
  });
});

describe('createRowSearch: the one rule, over the fields each list gives', () => {
  const rows = [
    { name: 'Globex Corp', id: 'globex', note: undefined },
    { name: 'Initech', id: 'corp-7', note: 'Globex partner' },
    { name: 'Umbrella Corp', id: 'umbrella', note: 'Zoë' },
  ];
  const fields = (row: (typeof rows)[number]) => [row.name, row.id, row.note];

  it('finds every word in any order, in any field, any case and accents', () => {
    const find = createRowSearch(rows, fields);
    expect(find('corp globex').map((row) => row.id)).toEqual(['globex', 'corp-7']);
    expect(find('GLOBEX corp').map((row) => row.id)).toEqual(['globex', 'corp-7']);
    expect(find('zoe umbrella').map((row) => row.id)).toEqual(['umbrella']);
    expect(find('corpglobex')).toEqual([]);
  });

  it('answers the list itself for a blank query, and folds nothing until a search asks', () => {
    let asked = 0;
    const find = createRowSearch(rows, (row) => ((asked += 1), fields(row)));
    expect(find('   ')).toBe(rows);
    expect(asked).toBe(0);
    const first = find('corp');
    expect(asked).toBe(rows.length);
    find('corp u');
    expect(find(' CORP ')).toBe(first);
    expect(asked).toBe(rows.length);
  });

  it('leaves missing and empty fields out: a word never spans two fields', () => {
    expect(searchTextOf('Globex', undefined, '', 'Corp')).toBe('globex\u0000corp');
  });
});
