import { useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/async/turns';

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
