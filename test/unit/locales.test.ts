import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every translation in public/_locales/<lang>/messages.json has every English message, with the same
 * placeholders (names and what they stand for), and says something of its own: a message identical to
 * English must be listed in test/unit/locales-identical.json, with why. A plural message (`<base>_one`,
 * `<base>_other`…, see plural() in lib/i18n.ts) comes in exactly the forms its language's rules use.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../public/_locales');
interface Entry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}
const read = (locale: string) =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'messages.json'), 'utf8')) as Record<string, Entry>;
const english = read('en');
const identical = JSON.parse(readFileSync(path.join(import.meta.dirname, 'locales-identical.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;
const translations = readdirSync(LOCALES_DIR).filter((locale) => locale !== 'en');

/** The plural messages, named by English's `<base>_other`; `<base>_<category>` of one of them is a plural form. */
const pluralBases = new Set(
  Object.keys(english).flatMap((name) => (name.endsWith('_other') ? [name.slice(0, -'_other'.length)] : [])),
);
const CATEGORY = /^(.+)_(zero|one|two|few|many|other)$/;
const pluralForm = (name: string) => {
  const [, base, category] = CATEGORY.exec(name) ?? [];
  return base && pluralBases.has(base) ? { base, category: category! } : undefined;
};
/** The English message a translated one says again: itself, or for a plural form English's form of that category, else `_other`. */
const englishOf = (name: string) => {
  const form = pluralForm(name);
  return form ? (english[name] ?? english[`${form.base}_other`]) : english[name];
};
/** The categories a language's plural rules use (de: one, other; fr: one, many, other; ja: other). */
const categoriesOf = (locale: string) =>
  new Intl.PluralRules(locale.replace('_', '-')).resolvedOptions().pluralCategories.slice().sort();
const formsOf = (messages: Record<string, Entry>, base: string) =>
  Object.keys(messages)
    .filter((name) => pluralForm(name)?.base === base)
    .map((name) => pluralForm(name)!.category)
    .sort();

/** The placeholders a message uses, as name → content, names in lower case (Chrome ignores their case). */
const placeholdersOf = (entry: Entry) => {
  const declared = Object.fromEntries(
    Object.entries(entry.placeholders ?? {}).map(([name, value]) => [name.toLowerCase(), value.content]),
  );
  const used = [...entry.message.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((match) => match[1]!.toLowerCase()).sort();
  return { declared, used: [...new Set(used)] };
};

describe.each(translations)('the %s translation', (locale) => {
  const messages = read(locale);
  const allowed = { ...identical['*'], ...identical[locale] };

  it('has the same messages as English, but for plural forms', () => {
    const singular = (names: string[]) => names.filter((name) => !pluralForm(name)).sort();
    expect(singular(Object.keys(messages))).toEqual(singular(Object.keys(english)));
  });

  it('writes each plural message in exactly the categories of its language', () => {
    for (const base of pluralBases) expect(formsOf(messages, base), base).toEqual(categoriesOf(locale));
  });

  it('keeps every message’s placeholders, and writes a dollar sign as $$', () => {
    const wrong = Object.entries(messages).flatMap(([name, translated]) => {
      // A plural form takes the same substitutions as English's `_other`: the count first.
      const form = pluralForm(name);
      const entry = form ? english[`${form.base}_other`] : english[name];
      if (!entry) return [];
      const mine = placeholdersOf(translated);
      const theirs = placeholdersOf(entry);
      const stray = translated.message
        .replace(/\$([A-Za-z0-9_]+)\$/g, '')
        .replace(/\$\$/g, '')
        .includes('$');
      return JSON.stringify(mine) === JSON.stringify(theirs) && !stray && translated.message.trim() !== ''
        ? []
        : [name];
    });
    expect(wrong).toEqual([]);
  });

  it('names its own language in uiLanguage (the pages’ <html lang>)', () => {
    expect(messages.uiLanguage?.message).toBe(locale.replace('_', '-'));
  });

  it('translates every message but those listed as the same in this language', () => {
    const untranslated = Object.keys(messages).filter(
      (name) => name !== 'uiLanguage' && messages[name]!.message === englishOf(name)?.message && !(name in allowed),
    );
    expect(untranslated).toEqual([]);
  });
});

it('English writes every plural message as _one and _other, with the same placeholders, and no form without _other', () => {
  for (const base of pluralBases) {
    expect(formsOf(english, base), base).toEqual(['one', 'other']);
    expect(placeholdersOf(english[`${base}_one`]!), base).toEqual(placeholdersOf(english[`${base}_other`]!));
  }
  const orphans = Object.keys(english).filter((name) => CATEGORY.test(name) && !pluralForm(name));
  expect(orphans).toEqual([]);
});

it('every locale folder is a language Chrome knows (en, de, pt_BR…)', () => {
  for (const locale of readdirSync(LOCALES_DIR)) expect(locale).toMatch(/^[a-z]{2,3}(_[A-Z]{2})?$/);
});

it('the start summary’s titles end with their colon in every language (the page adds none)', () => {
  for (const locale of ['en', ...translations]) {
    const messages = read(locale);
    for (const name of ['startPagesTitle', 'startGroupsTitle'])
      expect(messages[name]!.message, `${locale} ${name}`).toMatch(/[:：]$/);
  }
});
