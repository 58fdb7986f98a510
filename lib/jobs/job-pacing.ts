import { capRetryAfter } from '../api/retry-after';

/**
 * When the next bulk request may start. Pure: times are milliseconds since the epoch, passed in.
 * The service documents 180 requests per minute per IP; bulk work stays below that by default.
 */
export const DOCUMENTED_LIMIT_PER_MINUTE = 180;
export const DEFAULT_RATE_PER_MINUTE = 150;
/** The UI accepts up to this (for tests against the sandbox); above 180 it warns. */
export const MAX_RATE_PER_MINUTE = 6000;
/** A 429 without a usable Retry-After waits this long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;

/** null means unthrottled (benchmarks only). Rounded up, so the rate is never exceeded. */
export function sendIntervalMs(ratePerMinute: number | null): number {
  return ratePerMinute === null ? 0 : Math.ceil(60_000 / ratePerMinute);
}

/** After a request started at `sentAt`: the next one starts one interval later. */
export function nextSendAfterSend(sentAt: number, ratePerMinute: number | null): number {
  return sentAt + sendIntervalMs(ratePerMinute);
}

/**
 * After a 429 answered at `answeredAt`: not before Retry-After has passed, nor before the interval.
 * Retry-After is capped (MAX_RETRY_AFTER_SECONDS, one hour) here too, whoever produced it, so the job's
 * stored `notBefore` is always a finite time the alarm can reach.
 */
export function nextSendAfterRateLimit(options: {
  sentAt: number;
  answeredAt: number;
  retryAfterSeconds: number | undefined;
  ratePerMinute: number | null;
}): number {
  const retryAfterMs = (capRetryAfter(options.retryAfterSeconds) ?? DEFAULT_RETRY_AFTER_SECONDS) * 1000;
  return Math.max(nextSendAfterSend(options.sentAt, options.ratePerMinute), options.answeredAt + retryAfterMs);
}

/** How long to wait before sending, 0 when it may go now. */
export function delayBeforeSend(notBefore: number, now: number): number {
  return Math.max(0, notBefore - now);
}
