import '@/components/theme.css';
import './popup.css';
import './started';

// The popup's first chunk is this and the two requests (./started.ts), nothing more: the tab and the
// background's answer are on their way while React, zod and the form load (./mount.tsx), which then
// pick them up. In the built popup.html the UI's chunk is a module script right after this one
// (wxt.config.ts, `preloadStartChunks`), so it runs as soon as this one has, without waiting on the
// import below; the import keeps it in the build, and loads it where the HTML is not rewritten (dev).
void import('./mount');
