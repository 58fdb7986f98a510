const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "2 minutes ago", "yesterday", "now", in the browser's language. */
export function timeAgo(iso: string, now: number): string {
  const elapsed = Date.parse(iso) - now;
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(elapsed) >= size) return format.format(Math.round(elapsed / size), unit);
  return format.format(0, 'second');
}
