import { browser } from 'wxt/browser';

/**
 * The names in public/_locales/en/messages.json. WXT generates the overloads of `getMessage` from that
 * file (`wxt prepare`); the last overload takes the union of every name, so a typo is a type error.
 */
export type MessageKey = Exclude<Parameters<typeof browser.i18n.getMessage>[0], `@@${string}`>;

const reported = new Set<string>();

/**
 * Texts without substitutions, remembered: a page asks for the same labels again and again (each row
 * of a list of 10,000 groups has a dozen), and each getMessage is a call into the browser's bindings.
 * A page's messages never change while it lives; a replaced getMessage (unit tests swap languages)
 * starts the memory afresh.
 */
const plainTexts = new Map<string, string>();
let plainTextsOf: unknown;

function plainMessage(key: string): string {
  // Compared, never called apart from its object.
  if (browser.i18n.getMessage !== plainTextsOf) {
    plainTexts.clear();
    // eslint-disable-next-line @typescript-eslint/unbound-method
    plainTextsOf = browser.i18n.getMessage;
  }
  let text = plainTexts.get(key) ?? givenTexts?.get(key);
  if (text === undefined) plainTexts.set(key, (text = browser.i18n.getMessage(key as MessageKey)));
  return text;
}

/**
 * Messages a page was given before it asked the browser for any (the popup's stored texts, written by
 * the popup in this language: lib/storage/popup-view/popup-texts.ts), each with its `$1`… in place;
 * empty for a message the language does not have. A page's first getMessage in a new extension process
 * waits while the browser sends it the whole catalog (docs/performance.md): with these, the popup's first
 * screen asks for none. Any other message is asked for as before.
 */
let givenTexts: ReadonlyMap<string, string> | undefined;
/** The language's digits 0–9 as its number format writes them, given with the texts (languageDigits). */
let givenDigits: readonly string[] | undefined;

export function useGivenTexts(messages: Readonly<Record<string, string>>, digits?: readonly string[]): void {
  givenTexts = new Map(Object.entries(messages));
  givenDigits = digits?.length === 10 ? digits : undefined;
}

/** The UI language's digits 0–9, as its number format writes them (stored with the popup's texts). */
export const languageDigits = (): string[] => Array.from({ length: 10 }, (_, digit) => formatNumber(digit));

/** The nine substitutions that give a message back with its `$1`…`$9` in place: its template. */
const AS_TEMPLATE = Array.from({ length: 9 }, (_, index) => `$${index + 1}`);

/** A message with its `$1`… left in place, to be filled in by `t` in a page given it (useGivenTexts). */
export const messageTemplate = (key: string): string => browser.i18n.getMessage(key as MessageKey, AS_TEMPLATE);

/** A given template filled in as getMessage fills a message: `$1`… by the substitutions. */
const fillIn = (template: string, values: string[]) =>
  template.replace(/\$([1-9])/g, (whole, digit: string) => values[Number(digit) - 1] ?? whole);

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number as the UI language writes it ("10,000", "10.000", "10 000"). */
function formatNumber(value: number): string {
  // Below 1,000 no language writes a separator: a whole number is its digits in the language's own. With
  // the digits given, the popup's first screen needs no number format, whose first use in a new extension
  // process takes 10–14 ms (docs/performance.md, "The popup's first screen before React").
  if (givenDigits && Number.isInteger(value) && value >= 0 && value < 1000)
    return String(value).replace(/\d/g, (digit) => givenDigits?.[Number(digit)] ?? digit);
  const language = uiLanguage();
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language)));
  return format.format(value);
}

/**
 * The language of the messages shown (each messages.json names its own in `uiLanguage`): the one to
 * format numbers, dates and lists in and to put in <html lang>. getUILanguage() can differ from it
 * (Chromium started with --lang), so it is only the fallback.
 */
export function uiLanguage(): string {
  return plainMessage('uiLanguage') || browser.i18n.getUILanguage();
}

/**
 * The text of a message in the browser's language, with `$1`… replaced by the substitutions (numbers
 * in the format of that language). A missing message shows its name rather than nothing.
 */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  const values = substitutions.map((value) => (typeof value === 'number' ? formatNumber(value) : value));
  const given = substitutions.length === 0 ? undefined : givenTexts?.get(key);
  const text =
    substitutions.length === 0
      ? plainMessage(key)
      : given !== undefined
        ? fillIn(given, values)
        : browser.i18n.getMessage(key, values);
  if (text) return text;
  if (!reported.has(key)) {
    reported.add(key);
    console.warn(`Review Companion: no text for the message "${key}".`);
  }
  return key;
}

/**
 * The message names that come in plural forms: `<base>_one`, `<base>_other`… (Intl.PluralRules'
 * categories), each taking the count as `$1`. English writes `_one` and `_other`; every language
 * writes the categories its own rules use (French adds `_many`, Japanese needs only `_other`).
 */
export type PluralBase = MessageKey extends infer K ? (K extends `${infer B}_other` ? B : never) : never;

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in the UI language ("one", "few", "many", "other"…). */
function pluralCategory(count: number): Intl.LDMLPluralRule {
  const language = uiLanguage();
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/**
 * "1 group", "2 groups", "2 Gruppen", "2 groupes": the form of `<base>_<category>` for `count`, with
 * the count as the first substitution. A language without a form for the category falls back to
 * `_other`, which every language has.
 */
export function plural(base: PluralBase, count: number, ...substitutions: (string | number)[]): string {
  const formOf = `${base}_${pluralCategory(count)}` as MessageKey;
  const form = plainMessage(formOf) ? formOf : (`${base}_other` as MessageKey);
  return t(form, count, ...substitutions);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per language and style, made once: `toLocaleString(language, options)` builds a new
 * one at every call, which the popup's recent projects paid ten times per render.
 */
function dateFormat(style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const language = uiLanguage();
  const key = `${language} ${style}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(language, options)));
  return format;
}

/** A stored ISO date as the user reads dates (the UI language, the computer's time zone). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat('full', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A stored ISO date as two short lines, for a narrow column (the project history at 760 px): the day
 * ("Nov 28, 2026") and the time ("8:56 PM"). Undefined for a value that is not a date.
 */
export function formatDateLines(iso: string): { day: string; time: string } | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return {
    day: dateFormat('medium day', { dateStyle: 'medium' }).format(date),
    time: dateFormat('time', { timeStyle: 'short' }).format(date),
  };
}

/**
 * Gives the page the UI language and its writing direction (`@@bidi_dir`, "rtl" for Arabic or
 * Hebrew), so that screen readers pronounce it right and the layout, written with logical CSS
 * properties (margin-inline-start…), mirrors by itself: a right-to-left language is one more folder.
 */
export function applyPageLanguage(root: HTMLElement = document.documentElement): void {
  root.lang = uiLanguage();
  root.dir = plainMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * A stored ISO date in few characters, for narrow places (the popup's recent projects): the time for
 * today, the day and month for this year, the short date before. The full form goes in a tooltip.
 */
export function formatCompactDateTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.toDateString() === now.toDateString()) return dateFormat('time', { timeStyle: 'short' }).format(date);
  if (date.getFullYear() === now.getFullYear())
    return dateFormat('day', { month: 'short', day: 'numeric' }).format(date);
  return dateFormat('date', { dateStyle: 'short' }).format(date);
}

const listFormats = new Map<string, Intl.ListFormat>();

/** "A, B and C" in the UI language (each language's own separators and conjunction). */
export function formatList(items: readonly string[]): string {
  const language = uiLanguage();
  let format = listFormats.get(language);
  if (!format) listFormats.set(language, (format = new Intl.ListFormat(language, { type: 'conjunction' })));
  return format.format(items);
}
