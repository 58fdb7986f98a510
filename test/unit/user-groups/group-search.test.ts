import { describe, expect, it } from 'vitest';
import { createGroupSearch, searchGroups, sortGroups } from '@/lib/user-groups/registry-views/filter-groups';
import { groupKey, type RegistryEntry } from '@/lib/storage/registry/registry-schema';

function entry(name: string, provided_id: string, environment: 'Customer' | 'Testing' = 'Customer'): RegistryEntry {
  return {
    team_id: 1,
    token: `ugt_${provided_id}`,
    name,
    provided_id,
    environment,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastRotatedAt: null,
    extra: {},
  };
}

const GROUPS = [
  entry('Hooli QA', 'hooli-qa'),
  entry('Hooli Production', 'hooli-prod'),
  entry('Müller & Söhne', 'mueller-1', 'Testing'),
  entry('MÜLLER GmbH', 'mueller-2'),
  entry('Straße der Einheit', 'strasse-7'),
  entry('Ｆｕｌｌ width', 'fw-1'),
  entry('がっこう', 'gakko'),
  entry('かっこう', 'kakko'),
  entry('Øresund', 'oresund', 'Testing'),
  entry('Crème brûlée', 'creme-1'),
];

const names = (rows: readonly RegistryEntry[]) => rows.map((group) => group.name);
const search = (query: string) => names(searchGroups(sortGroups(GROUPS, 'name'), query, 'all'));

describe('the search: every word, in any order, any case and accents', () => {
  it('finds the words in any order ("qa hooli" finds "Hooli QA")', () => {
    expect(search('qa hooli')).toEqual(['Hooli QA']);
    expect(search('  HOOLI   qa ')).toEqual(['Hooli QA']);
    expect(search('hooli')).toEqual(['Hooli Production', 'Hooli QA']);
  });

  it('ignores accents both ways ("Muller" finds "Müller", "müller" finds "MULLER")', () => {
    expect(search('Muller')).toEqual(['Müller & Söhne', 'MÜLLER GmbH']);
    expect(search('müller söhne')).toEqual(['Müller & Söhne']);
    expect(search('creme brulee')).toEqual(['Crème brûlée']);
    expect(search('crème')).toEqual(['Crème brûlée']);
  });

  it('spells out the letters no accent removal reaches (ß, ø)', () => {
    expect(search('strasse')).toEqual(['Straße der Einheit']);
    expect(search('straße')).toEqual(['Straße der Einheit']);
    expect(search('oresund')).toEqual(['Øresund']);
  });

  it('unifies full-width letters with the usual ones', () => {
    expect(search('full')).toEqual(['Ｆｕｌｌ width']);
    expect(search('ＷＩＤＴＨ')).toEqual(['Ｆｕｌｌ width']);
  });

  it('keeps kana voicing marks: か and が are different letters', () => {
    expect(search('がっ')).toEqual(['がっこう']);
    expect(search('かっ')).toEqual(['かっこう']);
    // Equal at the collator's base level: the id breaks the tie.
    expect(search('こう')).toEqual(['がっこう', 'かっこう']);
  });

  it('matches a word in the id, and words split between the name and the id', () => {
    expect(search('mueller-2')).toEqual(['MÜLLER GmbH']);
    expect(search('hooli prod')).toEqual(['Hooli Production']);
    expect(search('gmbh mueller-2')).toEqual(['MÜLLER GmbH']);
  });

  it('never matches one word across the end of the name and the start of the id', () => {
    expect(search('qahooli')).toEqual([]);
  });

  it('needs every word: one that matches nothing empties the result', () => {
    expect(search('hooli nothing')).toEqual([]);
  });
});

describe('createGroupSearch', () => {
  it('filters by environment too, and gives back the same rows for a query and environment seen before', () => {
    const searchIn = createGroupSearch(sortGroups(GROUPS, 'name'));
    const testing = searchIn('mu', 'Testing');
    expect(testing.map(groupKey)).toEqual(['Testing:mueller-1']);
    // “&” sorts before letters: Müller & Söhne, then MÜLLER GmbH.
    expect(searchIn('mu', 'all').map(groupKey)).toEqual(['Testing:mueller-1', 'Customer:mueller-2']);
    expect(searchIn('mu', 'Testing')).toBe(testing);
  });
});

// A guard against accidental quadratic work, not a benchmark: best of five, retried on a busy machine.
describe('performance at 10,000 groups', { retry: 2 }, () => {
  const many = Array.from({ length: 10_000 }, (_, i) =>
    entry(i % 10 ? `Group ${i}` : `Grüppe ${i} QA`, `group-${i}`, i % 3 ? 'Customer' : 'Testing'),
  );
  const index = sortGroups(many, 'name');

  it('a keystroke (type four characters, then delete them) takes well under a millisecond each on average', () => {
    let best = Infinity;
    for (let run = 0; run < 5; run += 1) {
      const searchIn = createGroupSearch(index);
      const started = performance.now();
      for (const query of ['9', '99', '999', '9999', '999', '99', '9', '']) searchIn(query, 'all');
      best = Math.min(best, performance.now() - started);
    }
    expect(best / 8).toBeLessThan(2);
  });

  it('finds accented and reordered words among them', () => {
    const searchIn = createGroupSearch(index);
    expect(searchIn('qa gruppe 990', 'all').map((group) => group.name)).toEqual([
      'Grüppe 990 QA',
      'Grüppe 1990 QA',
      'Grüppe 2990 QA',
      'Grüppe 3990 QA',
      'Grüppe 4990 QA',
      'Grüppe 5990 QA',
      'Grüppe 6990 QA',
      'Grüppe 7990 QA',
      'Grüppe 8990 QA',
      'Grüppe 9900 QA',
      'Grüppe 9990 QA',
    ]);
  });
});
