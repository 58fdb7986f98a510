import { useEffect, useState } from 'react';

/** How long a hidden page (no frames) waits at most before `afterNextPaint` runs what it was given. */
const HIDDEN_PAGE_DELAY = 200;

/**
 * Runs `run` once, after the next frame has been painted: a task queued from that frame's animation
 * callback runs after its paint. A page that draws no frames (a tab in the background) runs it after
 * HIDDEN_PAGE_DELAY instead. Returns what cancels it.
 */
export function afterNextPaint(run: () => void): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const frame = requestAnimationFrame(() => {
    task = setTimeout(once, 0);
  });
  const fallback = setTimeout(once, HIDDEN_PAGE_DELAY);
  function cancel() {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    if (task !== undefined) clearTimeout(task);
  }
  return () => {
    done = true;
    cancel();
  };
}

/**
 * Whether a frame has been painted since `ready` turned true: what sits below the first screen (and out
 * of view) mounts then, so that the task that draws the first screen does not also build it.
 */
export function usePaintedSince(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [ready, painted]);
  return ready && painted;
}
