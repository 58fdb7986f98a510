import { createRoot } from 'react-dom/client';
import { startConnectionStore } from '@/lib/stores/connection-store';
import { startUserGroupStore } from '@/lib/stores/user-group-store';
import { App } from './App';
import '@/components/theme.css';
import './options.css';

startConnectionStore();
startUserGroupStore();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
