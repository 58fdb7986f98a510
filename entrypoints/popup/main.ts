import '@/components/theme.css';
import './popup.css';
// First: modules run in the order they are imported, and the requests wait for nothing (zod's set-up is next).
import './started';
import { applyPageLanguage, t } from '@/lib/i18n';
import { drawFirstScreen } from './first-screen';
import { popupState } from './opening-state';

// The popup's first chunk: its requests (./started.ts), then its first screen, drawn without React once
// their answers are in (./first-screen.ts), then its UI (./mount.tsx: React, which takes the screen over).
// The UI's chunk is fetched and compiled meanwhile (a modulepreload in the built popup.html, wxt.config.ts
// `preloadStartChunks`) and run only when imported here: run as a script of its own, its 9–13 ms of
// evaluation came between the answers and the first screen. React's code in a chunk of its own first:
// measured 6.7 ms slower on a stopped worker (docs/performance.md, "The popup's first screen before React").

// The page's first text: in an extension process of its own (a stopped worker leaves none) the browser
// sends the page its whole catalog in this call and the page waits for it; made here, it overlaps the
// requests' round trip.
applyPageLanguage();
document.title = t('popupHeading');

const root = document.getElementById('root');
void popupState.then((state) => root && drawFirstScreen(root, state)).finally(() => import('./mount'));
