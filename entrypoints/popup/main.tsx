import { createRoot } from 'react-dom/client';
import { sendMessage } from '@/lib/messaging/client';
import { readTargetPage } from '@/lib/tabs/read-target-tab';
import { App } from './App';
import '@/components/theme.css';
import './popup.css';

// Both reads start before React renders, so the form is filled as soon as it exists.
const initial = Promise.all([sendMessage('getConnectionStatus', {}), readTargetPage(location.search)]);

const root = document.getElementById('root');
if (root) createRoot(root).render(<App initial={initial} />);
