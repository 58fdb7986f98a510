import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { plural, t, type PluralBase } from '@/lib/i18n';
import { verbatimText } from '@/lib/message-ref';
import { registerCountsText } from '@/lib/projects/register-job-text';
import type { RegisterJob } from '@/lib/storage/register-job/register-job-schema';
import { getEnglishMessage, messageGetter, readMessages } from './setup/i18n';

const IMPORT_PARTS: PluralBase[] = [
  'importCountNew',
  'importCountChanged',
  'importCountUnchanged',
  'importCountInvalid',
];

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

// Issue 41, finding 10: "1 Duplikate entfernt". Each count of the job and preview lines is a plural
// message of its own, set in a frame that only orders them.
describe('the counts of the register, import and bulk-create lines', () => {
  const job = (counts: Record<'registered' | 'existed' | 'failed' | 'unknown', number>) =>
    ({
      id: 'job',
      status: 'done',
      ratePerMinute: 60,
      total: 4,
      skipped: 0,
      queued: 4,
      retries: [],
      next: 4,
      notBefore: 0,
      startedAt: '2026-11-28T10:00:00.000Z',
      updatedAt: '2026-11-28T10:00:00.000Z',
      outcomes: [
        ...Array.from({ length: counts.registered }, () => ({ outcome: 'registered' })),
        ...Array.from({ length: counts.existed }, () => ({ outcome: 'existed' })),
        ...Array.from({ length: counts.failed }, () => ({ outcome: 'failed', message: verbatimText('No.') })),
        ...Array.from({ length: counts.unknown }, () => ({ outcome: 'unknown', message: verbatimText('?') })),
      ].map((outcome, row) => ({ row, ...outcome })),
    }) as RegisterJob;
  const preview = () =>
    t(
      'registerCounts',
      plural('registerCountToRegister', 1),
      plural('registerDuplicatesSummary', 1),
      plural('registerCountRegistered', 1),
      plural('registerCountInvalid', 1),
    );

  it('English: one duplicate, and every other count as before', () => {
    expect(preview()).toBe('1 to register, 1 duplicate removed, 1 already registered, 1 invalid');
    expect(registerCountsText(job({ registered: 1, existed: 1, failed: 1, unknown: 1 }))).toBe(
      '4 of 4 done: 1 registered, 1 already had a project, 1 failed, 1 of unknown outcome.',
    );
  });

  it('German: "1 Duplikat entfernt", "1 hatte bereits ein Projekt", and the plural for two', () => {
    speak('de');
    expect(preview()).toBe('1 zu registrieren, 1 Duplikat entfernt, 1 bereits registriert, 1 ungültig');
    expect(registerCountsText(job({ registered: 2, existed: 1, failed: 1, unknown: 0 }))).toBe(
      '4 von 4 erledigt: 2 registriert, 1 hatte bereits ein Projekt, 1 fehlgeschlagen, 0 mit unbekanntem Ergebnis.',
    );
    expect(registerCountsText(job({ registered: 0, existed: 2, failed: 2, unknown: 0 }))).toContain(
      '2 hatten bereits ein Projekt',
    );
  });

  it('French and Spanish agree with one: "1 nouveau", "1 doublon retiré", "1 no válida"', () => {
    speak('fr');
    expect(t('importCounts', ...[1, 2, 1, 0].map((count, index) => plural(IMPORT_PARTS[index]!, count)))).toBe(
      '1 nouveau, 2 modifiés, 1 inchangé, 0 non valide',
    );
    expect(preview()).toBe('1 à enregistrer, 1 doublon retiré, 1 déjà enregistrée, 1 invalide');
    speak('es');
    expect(preview()).toBe('1 por registrar, 1 duplicado quitado, 1 ya registrada, 1 no válida');
    expect(
      t('bulkCounts', plural('bulkCountToCreate', 2), plural('bulkCountInvalid', 1), plural('bulkCountSkipped', 1)),
    ).toBe('2 por crear, 1 no válido, 1 ya en este navegador (omitido)');
  });

  it('Japanese and Chinese keep their own list separator', () => {
    speak('ja');
    expect(preview()).toBe('登録対象 1 件、重複 1 件を除外、登録済み 1 件、無効 1 件');
    speak('zh_CN');
    expect(registerCountsText(job({ registered: 1, existed: 1, failed: 1, unknown: 1 }))).toBe(
      '已完成 4/4：登记 1 个，已有项目 1 个，失败 1 个，结果未知 1 个。',
    );
  });
});
