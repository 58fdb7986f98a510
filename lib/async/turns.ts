/** A turn of the event loop: a timer of 0 ms runs after the current task and its microtasks. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs `run` once, after the next frame has been painted: a task queued from that frame's animation
 * callback runs after its paint. A page that draws no frames (a tab in the background), or a context
 * without frames at all, runs it after `hiddenPageDelay` ms instead. Returns what cancels it.
 */
export function afterNextPaint(run: () => void, hiddenPageDelay = 200): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          task = setTimeout(once, 0);
        })
      : undefined;
  const fallback = setTimeout(once, hiddenPageDelay);
  function cancel() {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(fallback);
    if (task !== undefined) clearTimeout(task);
  }
  return () => {
    done = true;
    cancel();
  };
}
