// scripts/locale-catalog.ts: the built catalogs carry only what the browser reads, and every message
// reads as it did from the source file, with the same arguments.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogId, compactCatalog, inlinePlaceholders, isLocaleCatalog } from '../../../scripts/locale-catalog.ts';
import { messageGetter } from '../setup/i18n.ts';

const LOCALES = path.join(import.meta.dirname, '../../../public/_locales');

type Entry = { message: string; placeholders?: Record<string, { content: string }> };

/** getMessage with the browser's rules (test/unit/setup/i18n.ts), for one message. */
const getMessage = (entry: Entry, args: string[]) => messageGetter({ only: entry })('only', args);

const ARGS = ['«one»', '«two»', '«three»', '«four»'];

describe('the built catalog', () => {
  for (const locale of readdirSync(LOCALES)) {
    it(`${locale}: every message reads as from the source, with no description or placeholder left`, () => {
      const source = readFileSync(path.join(LOCALES, locale, 'messages.json'), 'utf8');
      const built = JSON.parse(compactCatalog(source)) as Record<string, Entry>;
      const original = JSON.parse(source) as Record<string, Entry>;
      expect(Object.keys(built)).toEqual(Object.keys(original));
      for (const [key, entry] of Object.entries(original)) {
        expect(Object.keys(built[key]!), key).toEqual(['message']);
        expect(getMessage(built[key]!, ARGS), key).toBe(getMessage(entry, ARGS));
      }
      // Smaller by what only translators read.
      expect(compactCatalog(source).length).toBeLessThan(source.length * 0.7);
    });
  }

  it('a placeholder is found whatever its case; one the message does not define stops the build', () => {
    expect(inlinePlaceholders('k', { message: 'A $Count$ b', placeholders: { count: { content: '$1' } } })).toBe(
      'A $1 b',
    );
    expect(() => inlinePlaceholders('k', { message: 'A $NAME$ b' })).toThrow('The message "k" names $NAME$');
  });

  it('only the locales’ catalogs are rewritten', () => {
    expect(isLocaleCatalog('_locales/pt_BR/messages.json')).toBe(true);
    expect(isLocaleCatalog('icon/128.png')).toBe(false);
    expect(isLocaleCatalog('managed-schema.json')).toBe(false);
  });

  it('the catalogs have one id, which any change to a message changes', () => {
    expect(catalogId(LOCALES)).toMatch(/^[0-9a-f]{12}$/);
    expect(catalogId(LOCALES)).toBe(catalogId(LOCALES));
    const copy = mkdtempSync(path.join(tmpdir(), 'locales-'));
    cpSync(LOCALES, copy, { recursive: true });
    expect(catalogId(copy)).toBe(catalogId(LOCALES));
    const german = path.join(copy, 'de', 'messages.json');
    const messages = JSON.parse(readFileSync(german, 'utf8')) as Record<string, { message: string }>;
    messages.createProject!.message += '!';
    writeFileSync(german, JSON.stringify(messages));
    expect(catalogId(copy)).not.toBe(catalogId(LOCALES));
  });
});
