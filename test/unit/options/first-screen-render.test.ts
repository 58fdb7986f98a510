import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsBeforeMeasure } from '@/entrypoints/options/shared/table/rows-before-measure';
import { afterNextPaint } from '@/lib/async/turns';

// Issue 25, item 3: the options page's first screen is drawn in one commit, without a layout of its own.

describe('rowsBeforeMeasure: the rows drawn before the list is measured', () => {
  it('at the top of the page: every row that can be in view, whatever the list has above it', () => {
    // 720 px of window and 60 px rows: at most 12 rows can show, even with the list at the very top.
    expect(rowsBeforeMeasure(10_000, 720, 0, 60)).toBe(12);
    // A partial row at the bottom edge counts.
    expect(rowsBeforeMeasure(10_000, 1000, 0, 60)).toBe(17);
  });

  it('never more rows than the list has', () => {
    expect(rowsBeforeMeasure(3, 720, 0, 60)).toBe(3);
    expect(rowsBeforeMeasure(0, 720, 0, 60)).toBe(0);
  });

  it('none when the page is scrolled (any rows could be in view: the list is measured first), or without a window', () => {
    expect(rowsBeforeMeasure(10_000, 720, 1, 60)).toBe(0);
    expect(rowsBeforeMeasure(10_000, 720, 4000, 60)).toBe(0);
    expect(rowsBeforeMeasure(10_000, 0, 0, 60)).toBe(0);
  });
});

describe('afterNextPaint: after the next frame is painted, once', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const nextFrame = () => {
    const due = frames;
    frames = [];
    for (const callback of due) callback(performance.now());
  };

  it('runs in a task queued by the next frame (after its paint), not in the frame itself', () => {
    const run = vi.fn();
    afterNextPaint(run);
    vi.advanceTimersByTime(0);
    expect(run).not.toHaveBeenCalled();
    nextFrame();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    // The hidden-page fallback does not run it again.
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a page that draws no frames (a tab in the background) still runs it, once', () => {
    const run = vi.fn();
    afterNextPaint(run);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    nextFrame();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cancelled (the component went first), it never runs', () => {
    const run = vi.fn();
    const cancel = afterNextPaint(run);
    nextFrame();
    cancel();
    vi.advanceTimersByTime(1000);
    nextFrame();
    expect(run).not.toHaveBeenCalled();
  });
});
