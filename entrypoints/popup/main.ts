import '@/components/theme.css';
import './popup.css';
// First: modules run in the order they are imported, and the requests wait for nothing (zod's set-up is next).
import './started';
import { applyPageLanguage, t, useGivenTexts } from '@/lib/i18n';
import { storePopupTexts } from '@/lib/projects/popup-texts';
import { drawFirstScreen, finishFirstScreen } from './first-screen';
import { popupState } from './opening-state';

// The popup's first chunk: its requests (./started.ts), then its first screen, drawn without React once
// their answers are in (./first-screen.ts), then its UI (./mount.tsx: React, which takes the screen over).
// The UI's chunk is fetched only once the first screen is painted (at once where React draws it):
// fetched alongside this one (a modulepreload), its 233 kB held this chunk back (wxt.config.ts
// `UI_AT_START`); run as a script of its own, its 9–13 ms of evaluation came between the answers and the
// first screen. The first screen in a chunk of its own, behind a smaller first chunk, measured 6.7 ms
// slower (docs/performance.md, "The popup's first screen before React").

// The page's language and title, then its first screen. With the first screen's texts stored (the usual
// case) the page asks the browser for no message before it is drawn: in an extension process of its own
// (a stopped worker leaves none) the first one waits while the browser sends the whole catalog.
const root = document.getElementById('root');
void popupState
  .then((state) => {
    if (state.texts) useGivenTexts(state.texts.messages, state.texts.digits);
    applyPageLanguage();
    document.title = t('popupHeading');
    const drawn = root !== null && drawFirstScreen(root, state);
    // None of this build in this language were stored (a first opening, an update, another language):
    // the catalog is loaded now, and they are stored for the next opening.
    if (!state.texts) void storePopupTexts();
    return drawn;
  })
  // Once the first screen is painted: its dates (first-screen.ts `dateOf`), then React. Where React
  // draws the first screen (a page registered before, a locked workspace…), React at once.
  .then((drawn) => (drawn ? afterPaint().then(finishFirstScreen) : undefined))
  .finally(() => import('./mount'));

/** Resolves once the page has painted (a frame, then a task), or after 100 ms where no frame comes (a hidden page). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timeout = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timeout);
        resolve();
      }, 0),
    );
  });
}
