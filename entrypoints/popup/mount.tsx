import { createRoot } from 'react-dom/client';
import { applyPageLanguage, t } from '@/lib/i18n';
import { App } from './App';
import { loadPopupState } from './popup-state';
import type { StartedRequests } from './start-requests';

/** The popup's UI, loaded after main.ts started its requests: it renders once their answers are in. */
export function mountPopup(started: StartedRequests): void {
  applyPageLanguage();
  document.title = t('popupHeading');
  const initial = loadPopupState(started);
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App initial={initial} />);
}
