import { createRoot } from 'react-dom/client';
import { applyPageLanguage, t } from '@/lib/i18n';
import { App } from './App';
import { loadPopupState } from './popup-state';
import '@/components/theme.css';
import './popup.css';

applyPageLanguage();
document.title = t('popupHeading');

// Every read starts before React renders, so the form is filled, and the history known (for the
// duplicate warning), as soon as the form exists.
const initial = loadPopupState(location.search);

const root = document.getElementById('root');
if (root) createRoot(root).render(<App initial={initial} />);
