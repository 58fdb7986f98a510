import '@/components/theme.css';
import './options.css';
import { startOptionsReads } from '@/lib/storage/options-early-reads';

// The options page's first chunk is this and its first reads, nothing more: the workspace list and the
// shown workspace's registry index are on their way while React, zod and the sections load (./mount.tsx,
// preloaded alongside), whose stores then pick them up.
startOptionsReads(location.search);
void import('./mount').then(({ mountOptions }) => mountOptions());
