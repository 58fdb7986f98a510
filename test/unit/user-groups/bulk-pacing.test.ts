import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  DEFAULT_RATE_PER_MINUTE,
  delayBeforeSend,
  nextSendAfterRateLimit,
  nextSendAfterSend,
  sendIntervalMs,
} from '@/lib/jobs/job-pacing';
import { abortableSleep } from '@/lib/user-groups/bulk/bulk-runner';
import { created, fakeRunner, rateLimited, remainingIds, rows, storedJob } from './bulk-fakes';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('the pacing rules', () => {
  it('spaces requests by the rate, rounded up so the rate is never exceeded', () => {
    expect(DEFAULT_RATE_PER_MINUTE).toBe(150);
    expect(sendIntervalMs(150)).toBe(400);
    expect(sendIntervalMs(180)).toBe(334);
    expect(sendIntervalMs(7)).toBe(8572);
    expect(sendIntervalMs(null)).toBe(0);
    expect(nextSendAfterSend(T0, 150)).toBe(T0 + 400);
    // 60 s / 334 ms = 179.6 requests in any minute: below the documented 180.
    expect(60_000 / sendIntervalMs(180)).toBeLessThan(180);
  });

  it('after a 429 waits for Retry-After counted from the answer, or the interval if that is later', () => {
    expect(nextSendAfterRateLimit({ sentAt: T0, answeredAt: T0 + 50, retryAfterSeconds: 2, ratePerMinute: 150 })).toBe(
      T0 + 2050,
    );
    expect(nextSendAfterRateLimit({ sentAt: T0, answeredAt: T0 + 50, retryAfterSeconds: 0, ratePerMinute: 150 })).toBe(
      T0 + 400,
    );
    // No usable Retry-After: 30 s.
    expect(
      nextSendAfterRateLimit({ sentAt: T0, answeredAt: T0, retryAfterSeconds: undefined, ratePerMinute: 150 }),
    ).toBe(T0 + 30_000);
  });

  it('never waits longer than an hour after a 429, whatever Retry-After says', () => {
    const after = (retryAfterSeconds: number) =>
      nextSendAfterRateLimit({ sentAt: T0, answeredAt: T0, retryAfterSeconds, ratePerMinute: 150 });
    expect(after(Infinity)).toBe(T0 + 3_600_000);
    expect(after(10 ** 12)).toBe(T0 + 3_600_000);
    expect(after(NaN)).toBe(T0 + 30_000);
  });

  it('says how long to wait (how long a job takes: entrypoints/options/shared/job/job-estimate.ts)', () => {
    expect(delayBeforeSend(T0 + 400, T0 + 100)).toBe(300);
    expect(delayBeforeSend(T0, T0 + 100)).toBe(0);
  });
});

describe('the runner keeps to the pacing (fake timers)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends at the configured rate', async () => {
    const { runner, calls } = fakeRunner();
    await runner.start(rows(4), 60);
    await vi.runAllTimersAsync();
    await runner.kick();
    expect(calls.map((call) => call.at - T0)).toEqual([0, 1000, 2000, 3000]);
    expect((await storedJob()).status).toBe('done');
  });

  it('sends nothing before the next send time, even when woken early', async () => {
    const { runner, calls } = fakeRunner();
    await runner.start(rows(2), 30);
    await vi.advanceTimersByTimeAsync(1999);
    void runner.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.at - T0)).toEqual([0, 2000]);
  });

  it('honours Retry-After, then retries the same row and carries on at the rate', async () => {
    const { runner, calls } = fakeRunner((row, call) =>
      row.userGroupId === 'g1' && call === 1 ? rateLimited(5) : created(row),
    );
    await runner.start(rows(3), 60);
    await vi.advanceTimersByTimeAsync(1000);
    const waiting = await storedJob();
    expect(waiting.rateLimitedUntil).toBe(T0 + 6000);
    expect(waiting.notBefore).toBe(T0 + 6000);
    expect(await remainingIds()).toEqual(['g1', 'g2']);
    await vi.runAllTimersAsync();
    await runner.kick();
    expect(calls.map((call) => [call.id, call.at - T0])).toEqual([
      ['g0', 0],
      ['g1', 1000],
      ['g1', 6000],
      ['g2', 7000],
    ]);
    const job = await storedJob();
    expect(job).toMatchObject({ status: 'done', created: 3, failed: [] });
    expect(job.rateLimitedUntil).toBeUndefined();
  });

  it('unthrottled sends back to back', async () => {
    const { runner, calls } = fakeRunner();
    await runner.start(rows(3), null);
    await vi.runAllTimersAsync();
    await runner.kick();
    expect(calls.map((call) => call.at - T0)).toEqual([0, 0, 0]);
  });

  it('a sleep can be cut short', async () => {
    const controller = new AbortController();
    let woke = false;
    void abortableSleep(60_000, controller.signal).then(() => (woke = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(woke).toBe(false);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(woke).toBe(true);
  });
});
