import { createRoot } from 'react-dom/client';
import { startConnectionStore } from '@/lib/stores/connection-store';
import { App } from './App';
import '@/components/theme.css';
import './options.css';

startConnectionStore();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
