/** An estimate shown to the user: a whole number of seconds under 90 s, of minutes from there on. */
export interface JobEstimate {
  amount: number;
  unit: 's' | 'min';
}

/**
 * How long a job of `rows` requests takes at `ratePerMinute` when nothing is rate limited: rows / rate,
 * rounded (at least 1 s). "Create 60 groups (~24 s)" at 150 per minute.
 */
export function estimateJob(rows: number, ratePerMinute: number): JobEstimate {
  const seconds = Math.max(1, Math.round((rows / ratePerMinute) * 60));
  return seconds < 90 ? { amount: seconds, unit: 's' } : { amount: Math.max(2, Math.round(seconds / 60)), unit: 'min' };
}
