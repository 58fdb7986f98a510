// Cutting text that is not ours (a service's words, a page's title) to a bound, never inside a
// character: not between the two halves of a surrogate pair, and where possible not inside a grapheme
// (an emoji with its skin tone, a letter with its accents). Pure: no messages, no browser.

/** Code units read past a cut to decide whether it falls inside a grapheme or word (rules look a few ahead). */
const LOOKAHEAD = 64;

// Made when first needed, not when the module loads: the popup's UI chunk includes this module, and
// its first render cuts nothing (building a segmenter costs ~1 ms, more in a fresh renderer).
let graphemeSegmenter: Intl.Segmenter | undefined;
let wordSegmenter: Intl.Segmenter | undefined;
const graphemes = () => (graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));
const words = () => (wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' }));

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The number of characters (code points) of `text`: what "900,030 characters" counts. */
export function countCharacters(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    count++;
    if (isHighSurrogate(text.charCodeAt(index)) && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
  }
  return count;
}

/** Where `text` ends after `maxCharacters` code points (a code unit index, never inside a pair). */
function codePointEnd(text: string, maxCharacters: number): number {
  let index = 0;
  for (let seen = 0; seen < maxCharacters && index < text.length; seen++) {
    index += isHighSurrogate(text.charCodeAt(index)) && index + 1 < text.length ? 2 : 1;
  }
  return index;
}

/**
 * The start of the last segment of `segmenter` that begins at or before `end`: a boundary at or before
 * `end`. Only the text up to a little past `end` is segmented, so a megabyte costs what 600 characters do.
 */
function boundaryAtOrBefore(text: string, end: number, segmenter: Intl.Segmenter): number {
  let boundary = 0;
  for (const { index } of segmenter.segment(text.slice(0, end + LOOKAHEAD))) {
    if (index > end) break;
    boundary = index;
  }
  return boundary;
}

/**
 * The longest start of `text` of at most `end` code units that ends between two graphemes; when the
 * first grapheme alone is longer (hundreds of combining marks), between two code points instead.
 */
function safeEnd(text: string, end: number): number {
  if (end >= text.length) return text.length;
  const atGrapheme = boundaryAtOrBefore(text, end, graphemes());
  if (atGrapheme > 0) return atGrapheme;
  return end > 0 && isHighSurrogate(text.charCodeAt(end - 1)) ? end - 1 : end;
}

export interface CutText {
  /** The start of the text that is kept (the whole text when it was within the bound). */
  text: string;
  /** Whether something was left out. */
  cut: boolean;
  /** The whole text's length in characters (code points). */
  fullLength: number;
}

/**
 * `text` cut to at most `maxCharacters` characters (code points), at a grapheme boundary, with the
 * space before the cut trimmed; `fullLength` says how long it was. The caller adds the ellipsis and
 * the length in the words of its language.
 */
export function cutText(text: string, maxCharacters: number): CutText {
  // A quick answer for the usual short text; code points are never more than code units.
  if (text.length <= maxCharacters) return { text, cut: false, fullLength: countCharacters(text) };
  const fullLength = countCharacters(text);
  if (fullLength <= maxCharacters) return { text, cut: false, fullLength };
  const kept = text.slice(0, safeEnd(text, codePointEnd(text, maxCharacters))).trimEnd();
  return { text: kept, cut: true, fullLength };
}

/**
 * `text`, trimmed, then cut to at most `maxLength` code units (the unit of a length check, `.length`)
 * before the word that crosses the bound, so that nothing is left half-written: "A very long title
 * about" rather than "A very long title ab". A word that is itself longer than the bound (a long
 * address in a title) is cut at the bound instead, at a grapheme boundary, rather than dropped whole.
 * No ellipsis: the result is a value to use (a project name), not a text shown as cut.
 */
export function cutAtWordEnd(text: string, maxLength: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxLength) return trimmed;
  const start = boundaryAtOrBefore(trimmed, maxLength, words());
  const [crossing] = words().segment(trimmed.slice(start, start + maxLength + LOOKAHEAD));
  const atWord = trimmed.slice(0, start).trimEnd();
  if (atWord && (crossing?.segment.length ?? 0) <= maxLength) return atWord;
  return trimmed.slice(0, safeEnd(trimmed, maxLength)).trimEnd();
}
