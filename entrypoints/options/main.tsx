import { createRoot } from 'react-dom/client';
import { applyPageLanguage, t } from '@/lib/i18n';
import { followActiveWorkspace } from '@/lib/stores/workspace-data-stores';
import { startWorkspaceStore } from '@/lib/stores/workspace-store';
import { App } from './App';
import '@/components/theme.css';
import './options.css';

applyPageLanguage();
document.title = t('optionsHeading');
// The workspaces first; the stores of the one shown follow it (and change with it).
startWorkspaceStore();
followActiveWorkspace();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
