/**
 * The longest Retry-After we honour: one hour. A service that asks for more (or a header of 400 digits,
 * which Number() reads as Infinity) is treated as asking for an hour, so every wait, pause message and
 * stored timestamp stays finite and something a person can act on.
 */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/** Clamps a wait in seconds to 0…MAX_RETRY_AFTER_SECONDS; undefined for anything that is not a number. */
export function capRetryAfter(seconds: number | undefined): number | undefined {
  if (seconds === undefined || Number.isNaN(seconds)) return undefined;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, seconds));
}

/** Retry-After is either seconds or an HTTP date; anything else is ignored. Capped, see above. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return capRetryAfter(Number(trimmed));
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return capRetryAfter(Math.ceil((date - now) / 1000));
}
