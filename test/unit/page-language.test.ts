import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyPageLanguage } from '@/lib/i18n';

describe('the page language and direction', () => {
  it('takes the UI language and the direction of its messages (@@bidi_dir)', () => {
    const root = { lang: 'en', dir: '' } as HTMLElement;
    // English messages say "en", whatever getUILanguage() reports (Chromium with --lang may differ).
    vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue('de');
    applyPageLanguage(root);
    expect(root).toMatchObject({ lang: 'en', dir: 'ltr' });
    // A right-to-left language (its messages.json only): the whole layout mirrors.
    vi.spyOn(fakeBrowser.i18n, 'getUILanguage').mockReturnValue('ar');
    const getMessage = fakeBrowser.i18n.getMessage.bind(fakeBrowser.i18n);
    const arabic: Record<string, string> = { '@@bidi_dir': 'rtl', uiLanguage: 'ar' };
    vi.spyOn(fakeBrowser.i18n, 'getMessage').mockImplementation(
      ((name: string, ...rest: never[]) => arabic[name] ?? getMessage(name, ...rest)) as never,
    );
    applyPageLanguage(root);
    expect(root).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });

  it('the styles use logical properties only, so that dir="rtl" mirrors them', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) =>
        statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)],
      );
    const files = ['entrypoints', 'components']
      .flatMap((dir) => walk(path.join(root, dir)))
      .filter((file) => /\.(css|tsx)$/.test(file));
    const physical =
      /\b(margin|padding|border)-(left|right)\b|(?<![-\w])(left|right)\s*:|text-align:\s*(left|right)|\b(marginLeft|marginRight|paddingLeft|paddingRight)\b|[{,]\s*(left|right)\s*:/;
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => physical.test(line))
        .map(({ index }) => `${path.relative(root, file)}:${index + 1}`),
    );
    expect(found).toEqual([]);
  });
});

describe('lists in the UI language', () => {
  it('joins with the language’s own separators and conjunction', async () => {
    const { formatList } = await import('@/lib/i18n');
    expect(formatList(['API key', 'Auth token'])).toBe('API key and Auth token');
    expect(formatList(['a', 'b', 'c'])).toBe('a, b, and c');
  });
});
