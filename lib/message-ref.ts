import { z } from 'zod/mini';
import { plural, t, type MessageKey, type PluralBase } from './i18n';
import { cutText } from './text/bounded-text';
import { stringMatching } from './schema-parts';

/**
 * A text named rather than written: a message of public/_locales and what goes into it. The background
 * and lib/ say what happened with one of these; the page that shows it renders it in its own language.
 * An argument is a plain value (a name, an address, a number) or another named text ("Customer").
 * With `count`, `key` names a plural message (`<key>_one`, `<key>_other`…) and the count is its `$1`.
 */
const keySchema = stringMatching(/^[A-Za-z0-9_]+$/);
export const messageRefSchema = z.object({
  key: keySchema,
  get args() {
    return z.optional(z.array(z.union([z.string(), z.number(), messageRefSchema])).check(z.maxLength(9)));
  },
  count: z.optional(z.number()),
});
export type MessageRef = z.infer<typeof messageRefSchema>;
type Arg = string | number | MessageRef;

/** A named text: `text('errorNetwork', origin)`. The key is checked against the English messages. */
export const text = (key: MessageKey, ...args: Arg[]): MessageRef => (args.length ? { key, args } : { key });

/** A named text in plural forms: `countedText('jobRowsNotSent', 3)` → "3 rows were not sent". */
export const countedText = (key: PluralBase, count: number, ...args: Arg[]): MessageRef =>
  args.length ? { key, count, args } : { key, count };

/**
 * Text written before messages were named (stored by an older version), or words that are not ours
 * to translate (what the service said): shown as they are.
 */
export const verbatimText = (words: string): MessageRef => ({ key: 'verbatimText', args: [words] });

/**
 * The most characters of one piece of words not ours that is kept, stored or shown (a service's refusal
 * of 900 KB would otherwise fill the page and, a job of them, the storage quota).
 */
export const MAX_VERBATIM_LENGTH = 500;

/**
 * Words not ours, bounded: as they are when short, else their first 500 characters with an ellipsis
 * and their full length, in the UI language ("Rate limit… (900,030 characters)").
 */
export function boundedVerbatimText(words: string): MessageRef {
  const cut = cutText(words, MAX_VERBATIM_LENGTH);
  return cut.cut ? countedText('verbatimTextCut', cut.fullLength, cut.text) : verbatimText(words);
}

/** `ref` with every word argument over the bound cut (at any depth), so no stored text is unbounded. */
function boundArguments(ref: MessageRef): MessageRef {
  const tooLong = (arg: unknown) => typeof arg === 'string' && arg.length > MAX_VERBATIM_LENGTH;
  if (!ref.args?.some((arg) => typeof arg === 'object' || tooLong(arg))) return ref;
  const args = ref.args.map((arg) =>
    typeof arg === 'object' ? boundArguments(arg) : tooLong(arg) ? boundedVerbatimText(String(arg)) : arg,
  );
  return { ...ref, args };
}

/**
 * Reads a stored text: a named text, or an older version's plain words (shown as they are). Words over
 * the bound, stored before there was one, are cut on read: the record they belong to is kept whole.
 */
export const storedTextSchema = z.lazy(() =>
  z.pipe(z.union([messageRefSchema, z.pipe(z.string(), z.transform(verbatimText))]), z.transform(boundArguments)),
);

/** The text in the page's language (a name the messages lack shows as that name, see t()). */
export function messageText(ref: MessageRef): string {
  const args = (ref.args ?? []).map((arg) => (typeof arg === 'object' ? messageText(arg) : arg));
  if (ref.count !== undefined) return plural(ref.key as PluralBase, ref.count, ...args);
  return t(ref.key as MessageKey, ...args);
}
