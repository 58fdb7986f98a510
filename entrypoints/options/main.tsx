import { createRoot } from 'react-dom/client';
import { t } from '@/lib/i18n';
import { startBulkCreateStore } from '@/lib/stores/bulk-create-store';
import { startConnectionStore } from '@/lib/stores/connection-store';
import { startProjectHistoryStore } from '@/lib/stores/project-history-store';
import { startUserGroupStore } from '@/lib/stores/user-group-store';
import { App } from './App';
import '@/components/theme.css';
import './options.css';

document.title = t('optionsHeading');
startConnectionStore();
startUserGroupStore();
startProjectHistoryStore();
startBulkCreateStore();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
