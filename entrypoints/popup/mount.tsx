import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { applyPageLanguage, t } from '@/lib/i18n';
import { App } from './App';
import { loadPopupState } from './popup-state';
import type { StartedRequests } from './start-requests';
import { started } from './started';

/**
 * The popup's UI, loaded after main.ts started its requests: it renders once their answers are in, so
 * that its first render is the filled form (an empty page before it would cost a render and a commit).
 * The render is synchronous: the form, its focus and its effects are in place in the same task as the
 * answer, before the first paint, instead of a scheduler task later and effects after a frame.
 * It runs when this module is evaluated: a module script of its own in the built popup.html, after the
 * first chunk's (wxt.config.ts, `preloadStartChunks`), or main.ts's import where the HTML is not rewritten.
 */
function mountPopup(requests: StartedRequests): void {
  // The UI chunk (React, zod, the form) has been evaluated: the third path of the benchmark's split.
  performance.mark('popup-ui');
  applyPageLanguage();
  document.title = t('popupHeading');
  const element = document.getElementById('root');
  if (!element) return;
  const root = createRoot(element);
  void loadPopupState(requests).then((initial) => {
    performance.mark('popup-state');
    flushSync(() => root.render(<App initial={initial} />));
  });
}

mountPopup(started);
