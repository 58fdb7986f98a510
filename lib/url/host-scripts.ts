// Which scripts one label of a host name may mix and still be shown in Unicode: the restriction level
// "Highly Restrictive" of Unicode's security mechanisms (UTS #39, section 5.2), which Chrome's IDN
// policy follows: the letters of one script, or Latin with the scripts of Japanese, Chinese or Korean.
// Characters of every script (Common and Inherited: digits, hyphens, combining marks) go with any.

/** The scripts recommended for identifiers (UAX #31, Table 7): a letter of any other is shown in ASCII. */
export const RECOMMENDED_SCRIPTS = [
  'Arabic',
  'Armenian',
  'Bengali',
  'Bopomofo',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hebrew',
  'Hiragana',
  'Kannada',
  'Katakana',
  'Khmer',
  'Lao',
  'Latin',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
] as const;
type Script = (typeof RECOMMENDED_SCRIPTS)[number];

/** The mixes of scripts that Highly Restrictive allows besides a single script. */
const ALLOWED_MIXES: readonly (readonly Script[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** Built on first use: a host in Punycode is rare. */
let patterns: [Script, RegExp][] | undefined;

/** The recommended script of a character, undefined for one of no recommended script. */
function scriptOf(character: string): Script | undefined {
  patterns ??= RECOMMENDED_SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')]);
  return patterns.find(([, pattern]) => pattern.test(character))?.[0];
}

/** Whether a label's letters are of one recommended script, or of one of the mixes above. */
export function isHighlyRestrictive(label: string): boolean {
  const scripts = new Set<Script>();
  for (const character of label) {
    if (ANY_SCRIPT.test(character)) continue;
    const script = scriptOf(character);
    if (!script) return false;
    scripts.add(script);
  }
  return scripts.size <= 1 || ALLOWED_MIXES.some((mix) => [...scripts].every((script) => mix.includes(script)));
}
