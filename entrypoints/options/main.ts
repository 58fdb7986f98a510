import '@/components/theme.css';
import './options.css';
import { startOptionsReads } from '@/lib/storage/options-early-reads';

// The options page's first chunk is this and its first reads, nothing more: the workspace list and the
// shown workspace's registry index are on their way while React, zod and the sections load (./mount.tsx),
// whose stores then pick them up. In the built options.html the UI's chunk is a module script right after
// this one (wxt.config.ts, `preloadStartChunks`), so it runs as soon as this one has, without waiting on
// the import below; the import keeps it in the build, and loads it where the HTML is not rewritten (dev).
startOptionsReads(location.search);
void import('./mount');
