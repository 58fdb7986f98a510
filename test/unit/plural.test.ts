import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { plural } from '@/lib/i18n';
import { getEnglishMessage, messageGetter, readMessages } from './setup/i18n';

/** The browser as if it ran in this locale, with these messages (its real ones by default). */
function speak(locale: string, messages = readMessages(locale)) {
  Object.assign(fakeBrowser.i18n, {
    getMessage: messageGetter(messages),
    getUILanguage: () => locale.replace('_', '-'),
  });
}

afterEach(() => {
  Object.assign(fakeBrowser.i18n, { getMessage: getEnglishMessage, getUILanguage: () => 'en' });
});

describe('plural()', () => {
  it('English: 1 group, and 0, 2 or 1,000 groups', () => {
    expect([0, 1, 2, 1000].map((count) => plural('groupsDeleteSelectedTitle', count))).toEqual([
      'Delete 0 groups',
      'Delete 1 group',
      'Delete 2 groups',
      'Delete 1,000 groups',
    ]);
  });

  it('English says what the former "One"/"Many" messages said', () => {
    expect(plural('sameSite', 1, 'example.com')).toBe('1 other page of example.com is registered.');
    expect(plural('bulkStart', 1, '1 s')).toBe('Create 1 group (~1 s)');
    expect(plural('importConflicts', 1, 'Imported a.csv.', 'Customer ug-1')).toBe(
      'Imported a.csv. 1 group changed after the preview and was left as they are: Customer ug-1. Import the file again to review them.',
    );
    expect(plural('importConflicts', 2, 'Imported a.csv.', 'Customer ug-1, Testing ug-2')).toMatch(
      /^Imported a\.csv\. 2 groups changed after the preview and were left/,
    );
  });

  it('French: one for 1, other for 2, many for a million ("1 000 000 de groupes")', () => {
    speak('fr');
    expect(plural('groupsDeleteSelectedTitle', 1)).toBe('Supprimer 1 groupe');
    expect(plural('groupsDeleteSelectedTitle', 2)).toBe('Supprimer 2 groupes');
    expect(plural('groupsDeleteSelectedTitle', 1_000_000)).toBe('Supprimer 1\u202f000\u202f000 de groupes');
  });

  it('Japanese has one form, _other, for every count', () => {
    speak('ja');
    expect(plural('groupsDeleteSelectedTitle', 1)).toBe('1 件のグループを削除');
    expect(plural('groupsDeleteSelectedTitle', 2)).toBe('2 件のグループを削除');
  });

  it('a language without the form of a category says _other', () => {
    const french = readMessages('fr');
    delete french.groupsDeleteSelectedTitle_many;
    speak('fr', french);
    expect(plural('groupsDeleteSelectedTitle', 1_000_000)).toBe('Supprimer 1\u202f000\u202f000 groupes');
  });
});
