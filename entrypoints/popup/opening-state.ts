import { loadPopupState } from './popup-state';
import { started } from './started';

/**
 * The popup's state, made of the answers to its first requests and checked once: the first screen drawn
 * before React (first-screen.ts) and React's (mount.tsx) are both of it. Apart from started.ts: imported
 * there, the checking code (zod) would be set up before the requests leave.
 */
export const popupState = loadPopupState(started).then((state) => {
  // The state ready to draw: the fourth path of the benchmark's split (test/bench/run.ts).
  performance.mark('popup-state');
  return state;
});
