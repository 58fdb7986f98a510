/**
 * Runs `run` once calls have been quiet for `waitMs`, and during a steady stream of calls (a job
 * recording a row every half second) at least every `maxWaitMs` after the first call left waiting.
 * The one debounce of this project: a burst of storage changes is acted on once.
 */
export function debounce(run: () => void, options: { waitMs: number; maxWaitMs?: number }): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstCall: number | undefined;
  const fire = () => {
    timer = undefined;
    firstCall = undefined;
    run();
  };
  return () => {
    const now = Date.now();
    firstCall ??= now;
    clearTimeout(timer);
    const left = options.maxWaitMs === undefined ? options.waitMs : options.maxWaitMs - (now - firstCall);
    timer = setTimeout(fire, Math.max(0, Math.min(options.waitMs, left)));
  };
}
