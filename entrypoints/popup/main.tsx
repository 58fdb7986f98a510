import { createRoot } from 'react-dom/client';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/client';
import { getConnectionStatus } from '@/lib/messaging/messages/connection-messages';
import { readStoredHistory } from '@/lib/projects/history-source';
import { readTargetPage } from '@/lib/tabs/read-target-tab';
import { App } from './App';
import '@/components/theme.css';
import './popup.css';

document.title = t('popupHeading');

// Every read starts before React renders, so the form is filled, and the history known (for the
// duplicate warning), as soon as the form exists.
const initial = Promise.all([sendMessage(getConnectionStatus, {}), readTargetPage(location.search), readStoredHistory()]).then(
  ([status, page, history]) => ({ status, page, history }),
);

const root = document.getElementById('root');
if (root) createRoot(root).render(<App initial={initial} />);
