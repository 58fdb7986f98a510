import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_SECONDS, parseRetryAfter } from '@/lib/api/retry-after';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it.each<[string | null, number | undefined]>([
    ['7', 7],
    [' 120 ', 120],
    ['0', 0],
    ['Wed, 01 Jan 2025 00:00:30 GMT', 30],
    // a date 1.2 s ahead rounds up, never down to zero
    ['Wed, 01 Jan 2025 00:00:01 GMT', 1],
    // a date in the past means "now"
    ['Tue, 31 Dec 2024 23:59:00 GMT', 0],
    ['soon', undefined],
    ['5 seconds', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j -> %j', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  // Regression: V8's lenient Date.parse once read "-5" or "1.5" as dates in 2001 ("try again in 0
  // seconds"); only delay-seconds and IMF-fixdate are accepted now.
  it.each(['-5', '1.5', 'May 5'])('ignores the non-HTTP-date %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });

  // Regression: 400 digits parsed as Infinity, which the result schema rejects and no timer can wait for.
  it.each([
    ['9'.repeat(400), 'seconds of 400 digits'],
    ['86400', 'a day in seconds'],
    ['Fri, 01 Jan 9999 00:00:00 GMT', 'a date in year 9999'],
    ['Thu, 02 Jan 2025 00:00:00 GMT', 'a date one day ahead'],
  ])('caps %j (%s) at an hour', (value) => {
    expect(MAX_RETRY_AFTER_SECONDS).toBe(3600);
    expect(parseRetryAfter(value, now)).toBe(MAX_RETRY_AFTER_SECONDS);
  });
});
