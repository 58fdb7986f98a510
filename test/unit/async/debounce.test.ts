import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from '@/lib/async/debounce';

describe('debounce', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it('runs once a burst of calls has been quiet for the wait', () => {
    const run = vi.fn();
    const call = debounce(run, { waitMs: 1000 });
    call();
    vi.advanceTimersByTime(600);
    call();
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('during a steady stream of calls, runs at least every maximum wait', () => {
    const run = vi.fn();
    const call = debounce(run, { waitMs: 1000, maxWaitMs: 5000 });
    // A call every half second for 12 seconds: never quiet for a second.
    for (let at = 0; at < 12_000; at += 500) {
      call();
      vi.advanceTimersByTime(500);
    }
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('without a maximum wait, a steady stream waits for its end', () => {
    const run = vi.fn();
    const call = debounce(run, { waitMs: 1000 });
    for (let at = 0; at < 12_000; at += 500) {
      call();
      vi.advanceTimersByTime(500);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
