import { z } from 'zod/mini';

// Schemas that check what a zod built-in checks, made of parts every bundle carries anyway, so that
// the built-in's own code stays out of the background (docs/performance.md, "Bundle sizes"). Each is
// tested against the built-in it stands for (test/unit/schema-parts.test.ts).

/**
 * An object whose keys are any text and whose values all match `value`: what
 * `z.record(z.string(), value)` checks, as an object with no named keys and a catchall. For the JSON
 * this extension reads (plain objects) both accept and return the same; z.record's code is 0.5 KB gzip.
 */
export const recordOf = <T extends z.core.SomeType>(value: T) => z.catchall(z.object({}), value);

/**
 * A whole number within ±(2^53 − 1), and from `min` to `max` (both included) when given: what `z.int()`
 * accepts, with `z.gte(min)` and `z.lte(max)`, as a number with one refinement (`safeInt(1)`: what
 * `z.positive()` adds, `safeInt(0)`: `z.nonnegative()`). The issue a wrong value gets is a custom one
 * rather than z.int's or the bound's own; nothing here shows those to users (a file's problems name the
 * field). z.int's number-format check is 0.4 KB gzip, the two bound checks' classes 0.2 KB.
 */
export const safeInt = (min = -Infinity, max = Infinity) =>
  z.number().check(z.refine((value: number) => Number.isSafeInteger(value) && value >= min && value <= max));

/**
 * `schema`, or `value` where there is nothing (undefined, a key left out): what `z._default(schema,
 * value)` reads, as an optional schema piped into a transform, both of which every bundle carries.
 * z._default's code is 0.15 KB gzip.
 */
export const withDefault = <T extends z.core.SomeType>(schema: T, value: z.output<T>) =>
  z.pipe(
    z.optional(schema),
    z.transform((given: z.output<T> | undefined) => (given === undefined ? value : given)),
  );

/**
 * A string that `pattern` (without the g or y flag) matches: what `z.string().check(z.regex(pattern))`
 * accepts, as a string with a refinement. The issue of a mismatch is a custom one rather than
 * z.regex's `invalid_format`; `error` names it, as z.regex's would. z.regex's code is 0.2 KB gzip.
 */
export const stringMatching = (pattern: RegExp, error?: string) =>
  z.string().check(z.refine((value: string) => pattern.test(value), error));

const TAB_OR_NEWLINE = /[\t\n\r]/g;

/** Whether `value`, trimmed, is an absolute http(s) address written with its `//`, as z.url reads one. */
function isHttpAddress(value: string): boolean {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return false;
  try {
    return /^https?:$/.test(new URL(trimmed).protocol);
  } catch {
    return false;
  }
}

/**
 * An http or https address: what `z.url({ protocol: /^https?$/ })` accepts, and the same text back
 * (trimmed, tabs and line breaks taken out), as a string with a refinement and an overwrite. z.url's
 * code is 0.6 KB gzip.
 */
export const httpUrl = () =>
  z.string().check(
    z.refine(isHttpAddress),
    z.overwrite((value) => value.trim().replace(TAB_OR_NEWLINE, '')),
  );

/**
 * `base`'s keys and `shape`'s (a key in both takes `shape`'s schema): what `z.extend(base, shape)` makes of
 * a plain object schema (no catchall, no check of its own), as one `z.object`, without z.extend's code
 * (0.3 KB gzip in each bundle).
 */
export const extendedObject = <B extends z.core.$ZodShape, S extends z.core.$ZodLooseShape>(
  base: z.ZodMiniObject<B>,
  shape: S,
) => z.object({ ...base.shape, ...shape } as z.core.util.Extend<B, z.core.util.Writeable<S>>);

/**
 * An object schema's shape without `keys`, for `z.object(…)`: what `z.omit(schema, keys)` makes of a
 * plain object schema, without z.omit's code (0.1 KB gzip) in the background.
 */
export function shapeWithout<S extends Record<string, z.core.SomeType>, K extends keyof S & string>(
  shape: S,
  ...keys: K[]
): Omit<S, K> {
  return Object.fromEntries(Object.entries(shape).filter(([key]) => !keys.includes(key as K))) as Omit<S, K>;
}

/**
 * The schema a `z.lazy(() => …)` one stands for, built on this first use: for what reads an object
 * schema's shape or extends it (`z.extend`, `shapeWithout`), which a lazy schema does not offer, and for
 * a schema run once per row (a registry part's groups), which then skips the lazy one's step. Modules
 * whose schemas a page's first screen does not use export them lazy, so that loading the page does not
 * build them (test/unit/tooling/schemas-at-load.test.ts holds the pages to a budget).
 */
export const built = <T extends z.core.SomeType>(schema: z.ZodMiniLazy<T>): T => schema._zod.innerType;
