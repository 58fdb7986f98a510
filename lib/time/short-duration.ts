const formats = new Map<string, Intl.NumberFormat>();

/**
 * A short span of time as the language writes it: "10 sec", "2 min" in English, "30 Sek.", "2 Min."
 * in German, "30 秒" in Japanese. Whole minutes from a minute up, seconds below.
 */
export function shortDuration(seconds: number, locale?: string): string {
  const minutes = seconds >= 60 && seconds % 60 === 0;
  const unit = minutes ? 'minute' : 'second';
  const key = `${locale ?? ''}|${unit}`;
  let format = formats.get(key);
  if (!format)
    formats.set(key, (format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' })));
  return format.format(minutes ? seconds / 60 : seconds);
}
