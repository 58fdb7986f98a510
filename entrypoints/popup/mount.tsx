import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { handOverFirstScreen } from './first-screen';
import { popupState } from './opening-state';

/**
 * The popup's UI, loaded once main.ts has drawn the first screen (or found that React must draw it): it
 * renders once the state is in, so that its first render is the filled form. The render is synchronous:
 * the form, its focus and its effects are in place in the same task, before the next paint; it replaces
 * the first screen drawn before React, and what the user did there is done again on it (first-screen.ts).
 */
function mountPopup(): void {
  // The UI chunk (React, the form) has been evaluated: the benchmark's split reports it after ready.
  performance.mark('popup-ui');
  const element = document.getElementById('root');
  if (!element) return;
  const root = createRoot(element);
  void popupState.then((initial) => {
    const handOver = handOverFirstScreen();
    flushSync(() => root.render(<App initial={initial} />));
    handOver?.();
  });
}

mountPopup();
