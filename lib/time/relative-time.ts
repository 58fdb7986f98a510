const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const exactFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, locale: string | undefined, make: () => T): T {
  const key = locale ?? '';
  let format = cache.get(key);
  if (!format) cache.set(key, (format = make()));
  return format;
}

/**
 * "3 minutes ago", "yesterday", "now", "in 2 hours", in `locale` (the UI language; the browser's when
 * undefined). Rounds to the largest whole unit; under a minute is "now". An unreadable date gives ''.
 */
export function relativeTime(iso: string, now: number, locale?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const elapsed = at - now;
  const format = cached(relativeFormats, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  for (const [unit, size] of UNITS)
    if (Math.abs(elapsed) >= size) return format.format(Math.trunc(elapsed / size), unit);
  return format.format(0, 'second');
}

/** The exact date and time, for a tooltip next to a relative time. An unreadable date is returned as is. */
export function exactTime(iso: string, locale?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return cached(
    exactFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long' }),
  ).format(at);
}
