import { startPopupRequests } from './start-requests';

/**
 * The popup's two requests, started when its first chunk (main.ts) loads; its UI (mount.tsx), a module
 * script of its own in the built popup.html, takes them from here. A module both import, evaluated once.
 */
export const started = startPopupRequests(location.search);
