import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCharacters, cutAtWordEnd, cutText } from '@/lib/text/bounded-text';

const isWellFormed = (text: string) =>
  !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe('countCharacters', () => {
  it('counts code points, a surrogate pair as one', () => {
    expect(countCharacters('')).toBe(0);
    expect(countCharacters('abc')).toBe(3);
    expect(countCharacters('a😀b')).toBe(3);
    expect(countCharacters('\ud83d')).toBe(1); // a lone half still counts
  });
});

describe('cutText', () => {
  it('keeps a text within the bound as it is', () => {
    expect(cutText('Rate limit exceeded', 500)).toEqual({ text: 'Rate limit exceeded', cut: false, fullLength: 19 });
    expect(cutText('😀'.repeat(500), 500)).toEqual({ text: '😀'.repeat(500), cut: false, fullLength: 500 });
  });

  it('cuts a megabyte to the bound and says how long it was', () => {
    const words = 'x'.repeat(1_000_000);
    const cut = cutText(words, 500);
    expect(cut).toEqual({ text: 'x'.repeat(500), cut: true, fullLength: 1_000_000 });
  });

  it('never splits a surrogate pair', () => {
    const cut = cutText(`${'a'.repeat(499)}😀tail`, 500);
    expect(cut.text).toBe(`${'a'.repeat(499)}😀`);
    const astral = cutText('😀'.repeat(600), 500);
    expect(astral.text).toBe('😀'.repeat(500));
    expect(astral.fullLength).toBe(600);
  });

  it('keeps an emoji with its skin tone, and a letter with its accent, whole', () => {
    expect(cutText(`${'a'.repeat(499)}👍🏽 and more`, 500).text).toBe('a'.repeat(499));
    expect(cutText(`${'a'.repeat(499)}e\u0301 and more`, 500).text).toBe('a'.repeat(499));
  });

  it('trims the space before the cut', () => {
    expect(cutText(`${'a'.repeat(495)}     and more`, 500).text).toBe('a'.repeat(495));
  });

  it('cuts inside a grapheme of hundreds of combining marks rather than keeping nothing', () => {
    const zalgo = `a${'\u0301'.repeat(1000)}`;
    expect(cutText(zalgo, 500).text).toBe(zalgo.slice(0, 500));
  });

  it('property: at most the bound, well formed, a start of the text, and the full length told', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 1200 }), fc.integer({ min: 1, max: 600 }), (text, max) => {
        const cut = cutText(text, max);
        expect(countCharacters(cut.text)).toBeLessThanOrEqual(max);
        expect(text.startsWith(cut.text)).toBe(true);
        expect(isWellFormed(cut.text)).toBe(true);
        expect(cut.fullLength).toBe([...text].length);
        expect(cut.cut).toBe(cut.fullLength > max);
        if (!cut.cut) expect(cut.text).toBe(text);
      }),
    );
  });
});

describe('cutAtWordEnd', () => {
  it('keeps a short title, trimmed', () => {
    expect(cutAtWordEnd('  A page  ', 300)).toBe('A page');
  });

  it('cuts before the word that crosses the bound', () => {
    expect(cutAtWordEnd('one two three four', 10)).toBe('one two');
    expect(cutAtWordEnd('one two three four', 7)).toBe('one two');
    expect(cutAtWordEnd('one two three four', 8)).toBe('one two');
    expect(cutAtWordEnd('one two, three', 8)).toBe('one two,');
  });

  it('cuts a word longer than the bound at the bound, never inside a surrogate pair', () => {
    expect(cutAtWordEnd('x'.repeat(1000), 300)).toBe('x'.repeat(300));
    expect(cutAtWordEnd(`Docs https://example.com/${'p'.repeat(600)}`, 300)).toHaveLength(300);
    expect(cutAtWordEnd(`${'a'.repeat(299)}😀😀`, 300)).toBe('a'.repeat(299));
  });

  it('cuts a title without spaces (Japanese) between words where the browser finds them', () => {
    const title = '日本語のページタイトルです。'.repeat(40);
    const cut = cutAtWordEnd(title, 300);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.length).toBeGreaterThan(250);
    expect(title.startsWith(cut)).toBe(true);
  });

  it('property: the same cut as a plain model of space-separated words', () => {
    // Letters and digits only: between a letter and an emoji there is a word boundary too (UAX 29).
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'é', 'ß', '1'), minLength: 1, maxLength: 40 });
    /** Before the word that crosses the bound, unless that word alone is longer than the bound. */
    const model = (title: string, max: number) => {
      if (title.length <= max || title[max] === ' ') return title.slice(0, max).trimEnd();
      const start = title.lastIndexOf(' ', max - 1) + 1;
      const end = title.indexOf(' ', max);
      const crossing = (end < 0 ? title.length : end) - start;
      return start > 0 && crossing <= max ? title.slice(0, start).trimEnd() : title.slice(0, max).trimEnd();
    };
    fc.assert(
      fc.property(fc.array(word, { maxLength: 80 }), fc.integer({ min: 1, max: 400 }), (words, max) => {
        const title = words.join(' ');
        const cut = cutAtWordEnd(title, max);
        expect(cut).toBe(model(title, max));
        expect(cut.length).toBeLessThanOrEqual(max);
      }),
    );
  });
});
