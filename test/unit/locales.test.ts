import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every translation in public/_locales/<lang>/messages.json has every English message, with the same
 * placeholders (names and what they stand for), and says something of its own: a message identical to
 * English must be listed in test/unit/locales-identical.json, with why.
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../public/_locales');
interface Entry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}
const read = (locale: string) => JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'messages.json'), 'utf8')) as Record<string, Entry>;
const english = read('en');
const identical = JSON.parse(readFileSync(path.join(import.meta.dirname, 'locales-identical.json'), 'utf8')) as Record<string, Record<string, string>>;
const translations = readdirSync(LOCALES_DIR).filter((locale) => locale !== 'en');

/** The placeholders a message uses, as name → content, names in lower case (Chrome ignores their case). */
const placeholdersOf = (entry: Entry) => {
  const declared = Object.fromEntries(Object.entries(entry.placeholders ?? {}).map(([name, value]) => [name.toLowerCase(), value.content]));
  const used = [...entry.message.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((match) => match[1]!.toLowerCase()).sort();
  return { declared, used: [...new Set(used)] };
};

describe.each(translations)('the %s translation', (locale) => {
  const messages = read(locale);
  const allowed = { ...identical['*'], ...identical[locale] };

  it('has exactly the English messages', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
  });

  it('keeps every message’s placeholders, and writes a dollar sign as $$', () => {
    const wrong = Object.entries(english).flatMap(([name, entry]) => {
      const translated = messages[name];
      if (!translated) return [];
      const mine = placeholdersOf(translated);
      const theirs = placeholdersOf(entry);
      const stray = translated.message.replace(/\$([A-Za-z0-9_]+)\$/g, '').replace(/\$\$/g, '').includes('$');
      return JSON.stringify(mine) === JSON.stringify(theirs) && !stray && translated.message.trim() !== '' ? [] : [name];
    });
    expect(wrong).toEqual([]);
  });

  it('names its own language in uiLanguage (the pages’ <html lang>)', () => {
    expect(messages.uiLanguage?.message).toBe(locale.replace('_', '-'));
  });

  it('translates every message but those listed as the same in this language', () => {
    const untranslated = Object.keys(english).filter((name) => name !== 'uiLanguage' && messages[name]?.message === english[name]!.message && !(name in allowed));
    expect(untranslated).toEqual([]);
  });
});

it('every locale folder is a language Chrome knows (en, de, pt_BR…)', () => {
  for (const locale of readdirSync(LOCALES_DIR)) expect(locale).toMatch(/^[a-z]{2,3}(_[A-Z]{2})?$/);
});

it('the start summary’s titles end with their colon in every language (the page adds none)', () => {
  for (const locale of ['en', ...translations]) {
    const messages = read(locale);
    for (const name of ['startPagesTitle', 'startGroupsTitle']) expect(messages[name]!.message, `${locale} ${name}`).toMatch(/[:：]$/);
  }
});
